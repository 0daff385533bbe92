import { describe, expect, it } from "vitest";
import { assertSignable } from "#server/modules/signoff/signoff.rules.js";
import { SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";

/** What a signature must be (server/modules/signoff/signoff.rules.ts), on plain values. */
describe("a signature", () => {
  it("is of the lesson's current version", () => {
    expect(() => assertSignable({ version: 2, fullName: "Ann Lee" }, 3, ["Ann Lee"])).toThrow(
      SIGNOFF_MESSAGES.staleVersion,
    );
    expect(() => assertSignable({ version: 3, fullName: "Ann Lee" }, 3, ["Ann Lee"])).not.toThrow();
  });

  it("names the account or the organization's name for the member, whatever the case and spacing", () => {
    expect(() => assertSignable({ version: 1, fullName: "  ann lee " }, 1, ["Ann Lee", null])).not.toThrow();
    expect(() => assertSignable({ version: 1, fullName: "Annie" }, 1, ["Ann Lee", "Annie"])).not.toThrow();
    expect(() => assertSignable({ version: 1, fullName: "Bob" }, 1, ["Ann Lee", undefined])).toThrow(
      SIGNOFF_MESSAGES.nameMismatch,
    );
  });

  it("is refused as stale before its name is looked at", () => {
    expect(() => assertSignable({ version: 1, fullName: "Bob" }, 2, ["Ann Lee"])).toThrow(
      SIGNOFF_MESSAGES.staleVersion,
    );
  });
});
