import type { MembershipRecord } from "#server/modules/identity/index.js";
import { DAY_MS } from "#shared/constants.js";
import { isCourseComplete } from "#shared/progress.js";
import type { TrainingStatus } from "#shared/schemas/training.js";

/**
 * Who a course is for, when each member's deadline falls, and where they stand (decision 0040):
 * pure functions over rows already loaded, so that every report and "My training" apply the same rules
 * and a test can state them with any "now".
 */

/** What the rules need of a course. */
export interface AudienceCourse {
  status: "draft" | "published";
  /** Its tags: the audience. None: everyone. */
  tagIds: ReadonlySet<number>;
  required: boolean;
  dueDate: string | null;
  dueDays: number | null;
}

/** One tag a member has: the tag, the department it belongs to (for a role), and since when. */
export interface TagLink {
  tagId: number;
  parentId: number | null;
  linkedAt: Date;
}

/** What the rules need of a member. */
export interface AudienceMember {
  joinedOrganizationAt: Date;
  tags: readonly TagLink[];
}

/** Does this tag of a member reach the given tags? A department reaches its roles. */
function linkReaches(link: TagLink, tagIds: ReadonlySet<number>): boolean {
  return tagIds.has(link.tagId) || (link.parentId !== null && tagIds.has(link.parentId));
}

/** The matrix's tag filter: the member has any of the tags, a department counting for its roles. */
export function hasAnyTag(member: AudienceMember, tagIds: ReadonlySet<number>): boolean {
  return member.tags.some((link) => linkReaches(link, tagIds));
}

const earlier = (a: Date | null, b: Date | null): Date | null => (a === null || (b !== null && b < a) ? b : a);

/**
 * When the member joined the course's audience, or null when they are not in it: the earliest of their
 * link to a tag of the course, their named assignment (`assignedAt`), or, for a course without tags,
 * their joining the organization. Drafts have no audience.
 */
export function joinedAudienceAt(course: AudienceCourse, member: AudienceMember, assignedAt?: Date): Date | null {
  if (course.status !== "published") return null;
  let joined: Date | null = assignedAt ?? null;
  if (course.tagIds.size === 0) return earlier(joined, member.joinedOrganizationAt);
  for (const link of member.tags) if (linkReaches(link, course.tagIds)) joined = earlier(joined, link.linkedAt);
  return joined;
}

/** The end of a calendar day "YYYY-MM-DD", UTC: overdue from 00:00 UTC the next day. */
export function endOfDayUtc(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS - 1);
}

/** The member's deadline: null when the course is not required, sets none, or they are not in its audience. */
export function dueAtFor(course: AudienceCourse, joinedAt: Date | null): Date | null {
  const dueAt = dueAtMillis(course, joinedAt);
  return dueAt === null ? null : new Date(dueAt);
}

/** dueAtFor in epoch milliseconds, for the reports' thousands of cells. */
export function dueAtMillis(course: AudienceCourse, joinedAt: Date | null): number | null {
  if (!course.required || joinedAt === null) return null;
  if (course.dueDate !== null) return endOfDayUtc(course.dueDate).getTime();
  if (course.dueDays !== null) return joinedAt.getTime() + course.dueDays * DAY_MS;
  return null;
}

/** A member's completions of one course's current lessons. */
export interface CourseProgress {
  completedLessons: number;
  totalLessons: number;
  /** The latest of those completions. */
  lastCompletedAt: Date | null;
}

/** Every lesson done, by the rule of the course page's progress (shared/progress.ts, decision 0190). */
function isComplete(progress: CourseProgress): boolean {
  return isCourseComplete(progress.completedLessons, progress.totalLessons);
}

/** When the course was completed: the last lesson's completion, once all are done (none for an empty course). */
export function completedAtOf(progress: CourseProgress): Date | null {
  return isComplete(progress) ? progress.lastCompletedAt : null;
}

/** Completed wins; then a deadline that has passed (strictly before `now`); then whether anything was done. */
export function trainingStatus(progress: CourseProgress, dueAt: Date | null, now: Date): TrainingStatus {
  return trainingStatusAt(progress.completedLessons, progress.totalLessons, dueAt?.getTime() ?? null, now.getTime());
}

/** trainingStatus on counts and epoch milliseconds, for the reports' thousands of cells. */
export function trainingStatusAt(
  completedLessons: number,
  totalLessons: number,
  dueAt: number | null,
  now: number,
): TrainingStatus {
  if (isCourseComplete(completedLessons, totalLessons)) return "completed";
  if (dueAt !== null && now > dueAt) return "overdue";
  return completedLessons > 0 ? "in_progress" : "not_started";
}

/** "My training"'s order of required courses: overdue first, then the nearest deadline (none last), then title. */
export function compareAssigned(
  a: { status: TrainingStatus; dueAt: Date | null; title: string },
  b: { status: TrainingStatus; dueAt: Date | null; title: string },
): number {
  const overdue = Number(b.status === "overdue") - Number(a.status === "overdue");
  if (overdue !== 0) return overdue;
  const aDue = a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bDue = b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (aDue !== bDue) return aDue < bDue ? -1 : 1;
  return compareTitles(a, b);
}

// One collator for every comparison: localeCompare with options builds one per call (most of a sort's cost).
const titleCollator = new Intl.Collator(undefined, { sensitivity: "base" });

export function compareTitles(a: { title: string }, b: { title: string }): number {
  return titleCollator.compare(a.title, b.title);
}

/** The viewer as the rules see a member. */
export const viewerRow = (viewer: MembershipRecord) => ({ membershipId: viewer.id, joinedAt: viewer.createdAt });
