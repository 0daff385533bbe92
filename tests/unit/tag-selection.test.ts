import { describe, expect, it } from "vitest";
import { departmentState, toggleDepartment, toggleRole } from "#client/features/courses/tag-selection.js";
import type { TagDepartment } from "#client/features/courses/types.js";

/**
 * The course form's tags tree (docs/SPEC.md §2 "Create and edit course"): a department stands for all of its
 * roles. Each step feeds the last one's selection back in, as the form does.
 */

function department(id: number, roleIds: number[]): TagDepartment {
  const tag = { name: `Tag ${id}`, color: null, parentId: null };
  return {
    ...tag,
    id,
    type: "department",
    color: "#CFF3CF",
    roles: roleIds.map((roleId) => ({ ...tag, id: roleId, type: "role", parentId: id })),
  };
}

const kitchen = department(1, [11, 12, 13]);
const bar = department(2, [21, 22]);
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const stateOf = (dept: TagDepartment, selected: readonly number[]) => departmentState(dept, new Set(selected));

describe("checking and unchecking a department", () => {
  it("checking selects the department and every one of its roles", () => {
    const selected = toggleDepartment(kitchen, [], true);
    expect(sorted(selected)).toEqual([1, 11, 12, 13]);
    expect(stateOf(kitchen, selected)).toBe(true);
  });

  it("checking a partly selected department completes it without naming a role twice", () => {
    const selected = toggleDepartment(kitchen, [12, 21], true);
    expect(sorted(selected)).toEqual([1, 11, 12, 13, 21]);
  });

  it("unchecking clears the department and all of its roles", () => {
    const selected = toggleDepartment(kitchen, [1, 11, 12, 13], false);
    expect(selected).toEqual([]);
    expect(stateOf(kitchen, selected)).toBe(false);
  });

  it("unchecking a partly selected department clears the roles it had", () => {
    expect(toggleDepartment(kitchen, [11, 13], false)).toEqual([]);
  });

  it("leaves other departments' tags as they were", () => {
    expect(sorted(toggleDepartment(kitchen, [2, 21, 22], true))).toEqual([1, 2, 11, 12, 13, 21, 22]);
    expect(sorted(toggleDepartment(kitchen, [1, 11, 12, 13, 21], false))).toEqual([21]);
  });

  it("a department without roles is simply selected and cleared", () => {
    const empty = department(3, []);
    expect(toggleDepartment(empty, [], true)).toEqual([3]);
    expect(stateOf(empty, [3])).toBe(true);
    expect(toggleDepartment(empty, [3], false)).toEqual([]);
  });
});

describe("checking and unchecking a role", () => {
  it("some of the roles make the department partial, and it is not itself selected", () => {
    const selected = toggleRole(kitchen, 11, [], true);
    expect(selected).toEqual([11]);
    expect(stateOf(kitchen, selected)).toBe("indeterminate");
    expect(stateOf(kitchen, toggleRole(kitchen, 12, selected, true))).toBe("indeterminate");
  });

  it("checking the last missing role selects the department too", () => {
    let selected = toggleRole(kitchen, 11, [], true);
    selected = toggleRole(kitchen, 13, selected, true);
    expect(selected).not.toContain(1);
    selected = toggleRole(kitchen, 12, selected, true);
    expect(sorted(selected)).toEqual([1, 11, 12, 13]);
    expect(stateOf(kitchen, selected)).toBe(true);
  });

  it("unchecking one role of a full department leaves it partial and drops the department", () => {
    const selected = toggleRole(kitchen, 12, toggleDepartment(kitchen, [], true), false);
    expect(sorted(selected)).toEqual([11, 13]);
    expect(stateOf(kitchen, selected)).toBe("indeterminate");
  });

  it("unchecking the last role leaves the department unchecked", () => {
    const selected = toggleRole(kitchen, 11, [11], false);
    expect(selected).toEqual([]);
    expect(stateOf(kitchen, selected)).toBe(false);
  });

  it("leaves other departments' tags as they were", () => {
    expect(sorted(toggleRole(kitchen, 11, [2, 21, 22], true))).toEqual([2, 11, 21, 22]);
    expect(sorted(toggleRole(bar, 22, [1, 11, 12, 13, 21], true))).toEqual([1, 2, 11, 12, 13, 21, 22]);
  });
});

describe("departmentState", () => {
  it("is false when nothing of the department is selected, whatever else is", () => {
    expect(stateOf(kitchen, [])).toBe(false);
    expect(stateOf(kitchen, [2, 21, 22])).toBe(false);
  });
});
