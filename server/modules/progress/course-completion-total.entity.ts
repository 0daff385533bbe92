import { EntitySchema } from "@mikro-orm/core";
import type { Course } from "#server/modules/courses/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * How many completions one course has, split over a few lanes by user (decision 0210), so that orgs/stats
 * sums an organization's few rows instead of counting its completions. Derived from the progress table
 * and kept in the same transactions by server/modules/progress/course-completion-totals.ts. The lanes spread a rush of
 * completions in one course over several rows, so that PostgreSQL does not queue them all on one row lock.
 */
export class CourseCompletionTotal {
  id!: number;
  organization!: Organization;
  course!: Course;
  lane!: number;
  completions!: number;
}

export const CourseCompletionTotalSchema = new EntitySchema<CourseCompletionTotal>({
  class: CourseCompletionTotal,
  tableName: "course_completion_totals",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    // A course's deletion takes its totals with it, like its completions and progress rows.
    course: { kind: "m:1", entity: "Course", deleteRule: "cascade", index: false },
    lane: { type: "integer" },
    completions: { type: "integer" },
  },
  // The increment's conflict target.
  uniques: [{ name: "course_completion_totals_course_lane_unique", properties: ["course", "lane"] }],
  // orgs/stats' sum reads this index alone; it also serves the organization's deletion.
  indexes: [{ name: "course_completion_totals_org_idx", properties: ["organization", "completions"] }],
});
