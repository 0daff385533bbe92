import { EntitySchema } from "@mikro-orm/core";
import type { Course } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * How far one user is with one course (decision 0172): how many of its current lessons they completed,
 * and when the latest of those. Kept in the same transaction as the completions it counts, by
 * server/modules/progress/course-progress.ts, so the reports read one row per member and course instead of aggregating
 * every completion. A row exists only while the count is above zero.
 */
export class CourseProgress {
  id!: number;
  organization!: Organization;
  user!: User;
  course!: Course;
  completedLessons!: number;
  lastCompletedAt!: Date;
}

export const CourseProgressSchema = new EntitySchema<CourseProgress>({
  class: CourseProgress,
  tableName: "course_progress",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    // The organization and the course need no index of their own (SQLite would add one per foreign key): the
    // member index and the unique key start with them (decision 0240).
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade" },
    // A course's deletion takes its progress with it, like its completions.
    course: { kind: "m:1", entity: "Course", deleteRule: "cascade", index: false },
    completedLessons: { type: "integer" },
    lastCompletedAt: { type: "datetime" },
  },
  // The write's conflict target; the course comes first so that a course's rows are one range.
  uniques: [{ name: "course_progress_course_user_unique", properties: ["course", "user"] }],
  // A member's own rows (the member report, My training's reminders), and the organization's deletion.
  indexes: [{ name: "course_progress_org_user_idx", properties: ["organization", "user"] }],
});
