import { describe, expect, it } from "vitest";
import {
  assertColorAllowed,
  assertNameFree,
  assertRoleParent,
  assertTopLevel,
} from "#server/modules/tags/tags.rules.js";
import { TAG_MESSAGES } from "#shared/schemas/tags.js";

/** The tag tree's rules (server/modules/tags/tags.rules.ts), on plain values. */
describe("the tag tree", () => {
  it("keeps departments at the top and roles under a department", () => {
    expect(() => assertTopLevel("department", 4)).toThrow(TAG_MESSAGES.departmentHasNoParent);
    expect(() => assertTopLevel("department", null)).not.toThrow();
    expect(() => assertTopLevel("role", 4)).not.toThrow();
    expect(() => assertRoleParent(null)).toThrow(TAG_MESSAGES.parentNotFound);
    expect(() => assertRoleParent({ type: "role" })).toThrow(TAG_MESSAGES.parentNotDepartment);
    expect(() => assertRoleParent({ type: "department" })).not.toThrow();
  });

  it("gives a colour to departments only", () => {
    expect(() => assertColorAllowed("role", "#aa0000")).toThrow(TAG_MESSAGES.colorOnlyDepartments);
    expect(() => assertColorAllowed("role", undefined)).not.toThrow();
    expect(() => assertColorAllowed("department", "#aa0000")).not.toThrow();
  });

  it("names siblings apart whatever the case, the renamed tag aside", () => {
    const siblings = [
      { id: 1, name: "Kitchen" },
      { id: 2, name: "Front of house" },
    ];
    expect(() => assertNameFree("kitchen", "department", siblings)).toThrow(
      'A department named "kitchen" already exists.',
    );
    expect(() => assertNameFree("KITCHEN", "role", siblings)).toThrow(
      'A role named "KITCHEN" already exists in this department.',
    );
    expect(() => assertNameFree("Kitchen", "department", siblings, 1)).not.toThrow();
    expect(() => assertNameFree("Bar", "department", siblings)).not.toThrow();
  });
});
