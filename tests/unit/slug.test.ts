import { describe, expect, it } from "vitest";
import { LIMITS } from "#shared/constants.js";
import {
  cleanOrgSlugParam,
  isPlaceholderSlug,
  isReservedSlug,
  ORG_SLUG_PATTERN,
  PLACEHOLDER_SLUGS,
  slugify,
} from "#shared/slug.js";

describe("slugify (docs/SPEC.md §4: organization name → slug)", () => {
  it.each([
    ["Acme", "acme"],
    ["My Great Org", "my-great-org"],
    ["  padded  name  ", "padded-name"],
    ["tabs\tand\nnewlines", "tabs-and-newlines"],
    ["Acme & Co.", "acme-co"],
    ["Ben's Bakery!", "bens-bakery"],
    ["a - b", "a-b"],
    ["--leading and trailing--", "leading-and-trailing"],
    ["many----hyphens", "many-hyphens"],
    ["Team 42", "team-42"],
    ["snake_case_name", "snakecasename"],
    ["Café Zürich", "caf-zrich"],
    ["!!!", ""],
    ["", ""],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("is idempotent: a slug typed into the slug field stays as it is", () => {
    for (const slug of ["acme", "my-great-org", "team-42"]) expect(slugify(slug)).toBe(slug);
  });

  it("cuts to the maximum slug length", () => {
    expect(slugify("a".repeat(80))).toHaveLength(LIMITS.orgSlugMax);
  });

  // The form submits what slugify gives, so every non-empty result must pass the server's slug rule.
  it.each([
    `${"a".repeat(49)} b`,
    "word ".repeat(20),
    "Über-Große Organisation für Ausbildung und Training GmbH",
    "x_ _y",
    " - ",
    "a\u00a0b",
    "ÅÄÖ",
    "1-2-3",
  ])("gives a valid slug (or nothing) for %j", (name) => {
    const slug = slugify(name);
    if (slug !== "") expect(slug).toMatch(ORG_SLUG_PATTERN);
    expect(slug.length).toBeLessThanOrEqual(LIMITS.orgSlugMax);
  });
});

describe("ORG_SLUG_PATTERN (docs/SPEC.md §5: lowercase letters and digits in single-hyphen groups)", () => {
  it.each(["acme", "acme-2", "a1-b2-c3", "123"])("accepts %j", (slug) => {
    expect(ORG_SLUG_PATTERN.test(slug)).toBe(true);
  });
  it.each(["Acme", "-acme", "acme-", "ac--me", "ac_me", "ac me", "ac.me", ""])("refuses %j", (slug) => {
    expect(ORG_SLUG_PATTERN.test(slug)).toBe(false);
  });
});

describe("cleanOrgSlugParam (docs/SPEC.md §5: client check of a slug in a URL)", () => {
  it.each([
    ["acme", "acme"],
    ["acme-2", "acme-2"],
    [":acme", "acme"],
    ["::acme", "acme"],
    ["Acme", "acme"],
    ["ACME-Corp", "acme-corp"],
    ["123", "123"],
  ])("keeps %j as %j", (value, cleaned) => {
    expect(cleanOrgSlugParam(value)).toBe(cleaned);
  });

  it.each([
    ["empty", ""],
    ["only colons", "::"],
    ["undefined", undefined],
    ["null", null],
    ["the placeholder orgSlug", "orgSlug"],
    ["the placeholder :orgSlug", ":orgSlug"],
    ["the placeholder slug", "slug"],
    ["the placeholder org", "org"],
    ["the placeholder ORGANIZATION", "ORGANIZATION"],
    ["an underscore", "ac_me"],
    ["a space", "ac me"],
    ["a dot", "ac.me"],
    ["a slash", "acme/dashboard"],
    ["a percent escape", "ac%20me"],
    ["a leading hyphen", "-acme"],
    ["a trailing hyphen", "acme-"],
    ["non-ASCII letters", "café"],
  ])("rejects %s", (_label, value) => {
    expect(cleanOrgSlugParam(value)).toBeNull();
  });
});

describe("placeholder slugs (docs/SPEC.md §2: replaced by the current organization)", () => {
  it.each([
    "orgSlug",
    "slug",
    "org",
    "organization",
    ":orgSlug",
    "::org",
    "OrgSlug",
  ])("%j is a placeholder", (value) => {
    expect(isPlaceholderSlug(value)).toBe(true);
  });
  it.each(["acme", "orgs", "my-org", "slugger", ""])("%j is not a placeholder", (value) => {
    expect(isPlaceholderSlug(value)).toBe(false);
  });
  it("lists the spec's four words", () => {
    for (const word of ["orgslug", "slug", "org", "organization"]) {
      expect(PLACEHOLDER_SLUGS as readonly string[]).toContain(word);
    }
  });
});

describe("reserved slugs", () => {
  // The fixed routes of docs/SPEC.md §2 and the API prefix: an organization with one of these slugs would hide them.
  const topLevelRoutes = ["login", "logged-out", "account", "offline", "setup-org", "onboarding", "select-org"];
  it.each([...topLevelRoutes, "invite", "_api", "assets", "demo"])("%j is reserved", (slug) => {
    expect(isReservedSlug(slug)).toBe(true);
  });
  it("is case-insensitive", () => {
    expect(isReservedSlug("LOGIN")).toBe(true);
  });
  // An organization named like a placeholder would have every URL of its own rewritten to another org.
  it.each(["org", "slug", "organization", "orgslug"])("the placeholder %j is reserved", (slug) => {
    expect(isReservedSlug(slug)).toBe(true);
  });
  it.each(["acme", "my-team", "logins", "account-team"])("%j is free", (slug) => {
    expect(isReservedSlug(slug)).toBe(false);
  });
});
