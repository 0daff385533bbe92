import { describe, expect, it } from "vitest";
import {
  type AudienceCourse,
  type AudienceMember,
  compareAssigned,
  completedAtOf,
  dueAtFor,
  endOfDayUtc,
  hasAnyTag,
  joinedAudienceAt,
  trainingStatus,
} from "#server/modules/training/training.rules.js";
import { DAY_MS } from "#shared/constants.js";

const DEPARTMENT = 1;
const ROLE_IN_DEPARTMENT = 2;
const OTHER_ROLE = 3;
const at = (iso: string) => new Date(iso);

function course(overrides: Partial<AudienceCourse> = {}): AudienceCourse {
  return { status: "published", tagIds: new Set(), required: true, dueDate: null, dueDays: null, ...overrides };
}

const joinedOrg = at("2026-01-01T08:00:00Z");
function member(tags: AudienceMember["tags"] = []): AudienceMember {
  return { joinedOrganizationAt: joinedOrg, tags };
}
const roleLink = { tagId: ROLE_IN_DEPARTMENT, parentId: DEPARTMENT, linkedAt: at("2026-02-01T00:00:00Z") };
const departmentLink = { tagId: DEPARTMENT, parentId: null, linkedAt: at("2026-03-01T00:00:00Z") };

describe("joinedAudienceAt: who a course is for, and since when", () => {
  it("an untagged course is for everyone, from joining the organization", () => {
    expect(joinedAudienceAt(course(), member())).toEqual(joinedOrg);
  });

  it("a department tag reaches members with the department and with one of its roles", () => {
    const forDepartment = course({ tagIds: new Set([DEPARTMENT]) });
    expect(joinedAudienceAt(forDepartment, member([roleLink]))).toEqual(roleLink.linkedAt);
    expect(joinedAudienceAt(forDepartment, member([departmentLink]))).toEqual(departmentLink.linkedAt);
    // Both: the earlier link counts.
    expect(joinedAudienceAt(forDepartment, member([departmentLink, roleLink]))).toEqual(roleLink.linkedAt);
  });

  it("a role tag reaches only members with that role, not the rest of its department", () => {
    const forRole = course({ tagIds: new Set([ROLE_IN_DEPARTMENT]) });
    expect(joinedAudienceAt(forRole, member([roleLink]))).toEqual(roleLink.linkedAt);
    expect(joinedAudienceAt(forRole, member([departmentLink]))).toBeNull();
    expect(joinedAudienceAt(forRole, member([{ ...roleLink, tagId: OTHER_ROLE }]))).toBeNull();
    expect(joinedAudienceAt(forRole, member())).toBeNull();
  });

  it("a named assignment puts a member in the audience; the earlier of it and a tag counts", () => {
    const forRole = course({ tagIds: new Set([OTHER_ROLE]) });
    const assigned = at("2026-04-01T00:00:00Z");
    expect(joinedAudienceAt(forRole, member(), assigned)).toEqual(assigned);
    expect(joinedAudienceAt(course({ tagIds: new Set([DEPARTMENT]) }), member([roleLink]), assigned)).toEqual(
      roleLink.linkedAt,
    );
    expect(joinedAudienceAt(course(), member(), assigned)).toEqual(joinedOrg);
  });

  it("a draft has no audience", () => {
    expect(joinedAudienceAt(course({ status: "draft" }), member(), at("2026-04-01T00:00:00Z"))).toBeNull();
  });

  it("the matrix's tag filter: a department counts for its roles", () => {
    expect(hasAnyTag(member([roleLink]), new Set([DEPARTMENT]))).toBe(true);
    expect(hasAnyTag(member([departmentLink]), new Set([ROLE_IN_DEPARTMENT]))).toBe(false);
    expect(hasAnyTag(member(), new Set([DEPARTMENT]))).toBe(false);
  });
});

describe("dueAtFor: each member's deadline", () => {
  const joined = at("2026-05-10T15:30:00Z");

  it("a fixed date is due at the end of that day, UTC", () => {
    expect(endOfDayUtc("2026-06-30").toISOString()).toBe("2026-06-30T23:59:59.999Z");
    expect(dueAtFor(course({ dueDate: "2026-06-30" }), joined)?.toISOString()).toBe("2026-06-30T23:59:59.999Z");
  });

  it("a relative deadline counts from joining the audience", () => {
    expect(dueAtFor(course({ dueDays: 7 }), joined)).toEqual(new Date(joined.getTime() + 7 * DAY_MS));
  });

  it("none when not required, when no deadline is set, or when not in the audience", () => {
    expect(dueAtFor(course({ required: false, dueDays: 7 }), joined)).toBeNull();
    expect(dueAtFor(course(), joined)).toBeNull();
    expect(dueAtFor(course({ dueDate: "2026-06-30" }), null)).toBeNull();
  });
});

describe("trainingStatus", () => {
  const dueAt = endOfDayUtc("2026-06-30");
  const progress = (completedLessons: number, totalLessons = 4) => ({
    completedLessons,
    totalLessons,
    lastCompletedAt: completedLessons ? at("2026-06-01T00:00:00Z") : null,
  });

  it("not started, in progress, completed", () => {
    const before = at("2026-06-01T00:00:00Z");
    expect(trainingStatus(progress(0), dueAt, before)).toBe("not_started");
    expect(trainingStatus(progress(2), dueAt, before)).toBe("in_progress");
    expect(trainingStatus(progress(4), dueAt, before)).toBe("completed");
  });

  it("overdue from the first moment after the deadline, not at it", () => {
    expect(trainingStatus(progress(1), dueAt, at("2026-06-30T23:59:59.999Z"))).toBe("in_progress");
    expect(trainingStatus(progress(1), dueAt, at("2026-07-01T00:00:00.000Z"))).toBe("overdue");
    expect(trainingStatus(progress(0), dueAt, at("2026-07-01T00:00:00.000Z"))).toBe("overdue");
  });

  it("completed stays completed after the deadline; without a deadline nothing is overdue", () => {
    expect(trainingStatus(progress(4), dueAt, at("2027-01-01T00:00:00Z"))).toBe("completed");
    expect(trainingStatus(progress(0), null, at("2099-01-01T00:00:00Z"))).toBe("not_started");
  });

  it("an empty course is completed, never overdue, and has no completion date (decision 0190)", () => {
    const empty = progress(0, 0);
    expect(trainingStatus(empty, dueAt, at("2027-01-01T00:00:00Z"))).toBe("completed");
    expect(trainingStatus(empty, null, at("2026-06-01T00:00:00Z"))).toBe("completed");
    expect(completedAtOf(empty)).toBeNull();
    expect(completedAtOf(progress(4))).toEqual(at("2026-06-01T00:00:00Z"));
    expect(completedAtOf(progress(3))).toBeNull();
  });
});

describe("compareAssigned: the order of My training", () => {
  it("overdue first, then the nearest deadline, none last, then by title", () => {
    const items = [
      { title: "No deadline", status: "not_started" as const, dueAt: null },
      { title: "Later", status: "in_progress" as const, dueAt: at("2026-09-01T00:00:00Z") },
      { title: "b soon", status: "not_started" as const, dueAt: at("2026-08-01T00:00:00Z") },
      { title: "A soon", status: "not_started" as const, dueAt: at("2026-08-01T00:00:00Z") },
      { title: "Late", status: "overdue" as const, dueAt: at("2026-07-01T00:00:00Z") },
    ];
    expect(items.sort(compareAssigned).map((item) => item.title)).toEqual([
      "Late",
      "A soon",
      "b soon",
      "Later",
      "No deadline",
    ]);
  });
});
