import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Membership, Organization } from "#server/modules/organizations/index.js";
import type { Tag } from "#server/modules/tags/index.js";

export type CourseStatus = "draft" | "published";

/**
 * What an editor's save names as the state it started from (server/modules/courses/versions.rules.ts): 1 for a new row, one
 * more on every update that changes what the editor writes. A plain column, not MikroORM's `version`
 * option, which would count every write (a reorder of the positions too) and compare with the version
 * loaded rather than the one the editor saw (docs/decisions/0050-edit-versions.md).
 */
const VERSION_PROPERTY = { type: "integer", default: 1 } as const;

export class Course {
  [OptionalProps]?:
    | "createdAt"
    | "updatedAt"
    | "description"
    | "status"
    | "required"
    | "dueDate"
    | "dueDays"
    | "certified"
    | "validityMonths"
    | "recertifyDaysBefore"
    | "version";
  id!: number;
  organization!: Organization;
  title!: string;
  description: string | null = null;
  status: CourseStatus = "draft";
  /** Required of its audience (docs/SPEC.md §3); the due fields are null unless it is. */
  required = false;
  /** A calendar date "YYYY-MM-DD": due at the end of that day, UTC. Kept as text, so no time zone moves it. */
  dueDate: string | null = null;
  /** Due this many days after each member joined the audience. At most one of dueDate and dueDays is set. */
  dueDays: number | null = null;
  /**
   * A certification (docs/decisions/0310-certificates-derived-from-completion.md): completing it issues a
   * certificate, valid this many months (null: for good), re-assigned this many days before it expires.
   */
  certified = false;
  validityMonths: number | null = null;
  recertifyDaysBefore: number | null = null;
  /** See VERSION_PROPERTY. */
  version = 1;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const CourseSchema = new EntitySchema<Course>({
  class: Course,
  tableName: "courses",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    title: { type: "string", length: 255 },
    description: { type: "text", nullable: true },
    status: { type: "string", length: 20, default: "draft" },
    required: { type: "boolean", default: false },
    dueDate: { type: "string", length: 10, nullable: true },
    dueDays: { type: "integer", nullable: true },
    certified: { type: "boolean", default: false },
    validityMonths: { type: "integer", nullable: true },
    recertifyDaysBefore: { type: "integer", nullable: true },
    version: VERSION_PROPERTY,
    createdAt: { type: "datetime", onCreate: () => new Date() },
    updatedAt: { type: "datetime", onCreate: () => new Date(), onUpdate: () => new Date() },
  },
  indexes: [{ name: "courses_org_status_idx", properties: ["organization", "status"] }],
});

export class CourseTag {
  id!: number;
  organization!: Organization;
  course!: Course;
  tag!: Tag;
}

export const CourseTagSchema = new EntitySchema<CourseTag>({
  class: CourseTag,
  tableName: "course_tags",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    course: { kind: "m:1", entity: () => Course, deleteRule: "cascade" },
    tag: { kind: "m:1", entity: "Tag", deleteRule: "cascade", index: "course_tags_tag_idx" },
  },
  uniques: [{ name: "course_tags_unique", properties: ["organization", "course", "tag"] }],
});

export class CourseModule {
  [OptionalProps]?: "description" | "version";
  id!: number;
  organization!: Organization;
  course!: Course;
  title!: string;
  description: string | null = null;
  orderIndex!: number;
  version = 1;
}

export const CourseModuleSchema = new EntitySchema<CourseModule>({
  class: CourseModule,
  tableName: "modules",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    course: { kind: "m:1", entity: () => Course, deleteRule: "cascade" },
    title: { type: "string", length: 255 },
    description: { type: "text", nullable: true },
    orderIndex: { type: "integer" },
    version: VERSION_PROPERTY,
  },
  indexes: [{ name: "modules_org_course_order_idx", properties: ["organization", "course", "orderIndex"] }],
});

export class Lesson {
  [OptionalProps]?: "content" | "videoUrl" | "version" | "requiresSignoff";
  id!: number;
  organization!: Organization;
  module!: CourseModule;
  title!: string;
  /** Sanitized HTML or Markdown text. */
  content: string | null = null;
  videoUrl: string | null = null;
  orderIndex!: number;
  version = 1;
  /** Completed by signing it (decision 0101, server/modules/signoff/signoffs.ts), not by "Mark as Complete". */
  requiresSignoff = false;
}

export const LessonSchema = new EntitySchema<Lesson>({
  class: Lesson,
  tableName: "lessons",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    module: { kind: "m:1", entity: () => CourseModule, deleteRule: "cascade" },
    title: { type: "string", length: 255 },
    content: { type: "text", nullable: true },
    videoUrl: { type: "string", length: 2048, nullable: true },
    orderIndex: { type: "integer" },
    version: VERSION_PROPERTY,
    requiresSignoff: { type: "boolean", default: false },
  },
  indexes: [{ name: "lessons_org_module_order_idx", properties: ["organization", "module", "orderIndex"] }],
});

/** One user finished one lesson. There is no undo (docs/SPEC.md §4). */
export class Completion {
  [OptionalProps]?: "completedAt";
  id!: number;
  organization!: Organization;
  user!: User;
  lesson!: Lesson;
  completedAt: Date = new Date();
}

export const CompletionSchema = new EntitySchema<Completion>({
  class: Completion,
  tableName: "completions",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    // No index of its own (SQLite would add one per foreign key): the unique key starts with it (decision 0240).
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "completions_user_idx" },
    lesson: { kind: "m:1", entity: () => Lesson, deleteRule: "cascade", index: "completions_lesson_idx" },
    completedAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "completions_org_user_lesson_unique", properties: ["organization", "user", "lesson"] }],
  // Covers the reports' aggregate (decision 0041): the latest completion without reading the table's rows.
  indexes: [
    { name: "completions_org_user_lesson_time_idx", properties: ["organization", "user", "lesson", "completedAt"] },
  ],
});

/** A course assigned to a named member (decision 0040): they are in its audience whatever their tags. */
export class Assignment {
  [OptionalProps]?: "createdAt";
  id!: number;
  organization!: Organization;
  course!: Course;
  membership!: Membership;
  /** When the member joined the course's audience by name: a relative deadline counts from here. */
  createdAt: Date = new Date();
}

export const AssignmentSchema = new EntitySchema<Assignment>({
  class: Assignment,
  tableName: "assignments",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    course: { kind: "m:1", entity: () => Course, deleteRule: "cascade" },
    // Leaving the organization ends the assignment with the membership.
    membership: { kind: "m:1", entity: "Membership", deleteRule: "cascade", index: "assignments_membership_idx" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "assignments_unique", properties: ["organization", "course", "membership"] }],
});
