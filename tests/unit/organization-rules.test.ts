import { describe, expect, it } from "vitest";
import { assertSlugUnchanged, isSlugUsable, slugKeyOf } from "#server/modules/organizations/organizations.rules.js";
import { LIMITS } from "#shared/constants.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";

/** What an organization's slug may be (server/modules/organizations/organizations.rules.ts), on plain values. */
describe("a new organization's slug", () => {
  it("is kept trimmed and in lower case", () => {
    expect(slugKeyOf("  Acme-Training ")).toBe("acme-training");
  });

  it("is usable within the length limits, in the slug pattern, and not reserved", () => {
    expect(isSlugUsable("acme-training")).toBe(true);
    expect(isSlugUsable(" Acme ")).toBe(true);
    expect(isSlugUsable("a".repeat(LIMITS.orgSlugMin - 1))).toBe(false);
    expect(isSlugUsable("a".repeat(LIMITS.orgSlugMax + 1))).toBe(false);
    expect(isSlugUsable("acme training")).toBe(false);
    expect(isSlugUsable("login")).toBe(false);
  });
});

describe("an organization's slug once made", () => {
  it("may be named as it is, in any case, or not at all", () => {
    expect(() => assertSlugUnchanged("acme", undefined)).not.toThrow();
    expect(() => assertSlugUnchanged("acme", "ACME")).not.toThrow();
    expect(() => assertSlugUnchanged("acme", "acme-2")).toThrow(ORG_MESSAGES.slugUnchangeable);
  });
});
