import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Course } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/** A lesson's text as a revision records it. */
export interface LessonText {
  title: string;
  content: string | null;
  videoUrl: string | null;
}

/** A lesson as a draft revision holds it: the author's text, and the edit version saves name. */
export interface DraftLessonText extends LessonText {
  /** What the editor's next save of this lesson must name (server/modules/courses/versions.rules.ts). */
  version: number;
}

/** Per published lesson whose text a revision changes, the change as the author classed it. */
export interface RevisionChange {
  lessonId: number;
  /** Everyone signs again (true), or the signatures stay (false); plain lessons are never material. */
  material: boolean;
}

export type RevisionState = "draft" | "in_review" | "published";

/**
 * A revision of a published course (docs/decisions/0390-course-drafts.md). While a draft, it holds the
 * lessons the author changed (`lessons`, by lesson id) and learners see the live lessons; once published,
 * its text is the live text, it has its version number, and the row is never changed again. One draft
 * per course at most: every write finds it after locking the course row.
 */
export class CourseRevision {
  [OptionalProps]?:
    | "createdAt"
    | "updatedAt"
    | "number"
    | "reason"
    | "changes"
    | "previous"
    | "publishedAt"
    | "publishedBy"
    | "publishedByName"
    | "contentHash";
  id!: number;
  organization!: Organization;
  /** Null once the course is deleted: the published revisions stay as the record of what was in force. */
  course!: Course | null;
  state!: RevisionState;
  /** The version number, from 1, once published; null while a draft. */
  number: number | null = null;
  reason: string | null = null;
  lessons!: Record<string, DraftLessonText>;
  /** Once published: the changed lessons' text as it was before, so the revision's diff reads the same later. */
  previous: Record<string, LessonText> = {};
  changes: RevisionChange[] = [];
  author!: User | null;
  authorName!: string;
  publishedAt: Date | null = null;
  publishedBy: User | null = null;
  publishedByName: string | null = null;
  /** Sent for review (where the organization requires approval): by whom, when. */
  submittedBy: User | null = null;
  submittedAt: Date | null = null;
  /** The approval, recorded like a signature: the approver, the name they typed, when, from where, the hash approved. */
  approvedBy: User | null = null;
  approvedName: string | null = null;
  approvedAt: Date | null = null;
  approvedAddress: string | null = null;
  approvedDevice: string | null = null;
  approvedHash: string | null = null;
  /** Why the last review sent it back, and who did. */
  reviewComment: string | null = null;
  reviewedByName: string | null = null;
  /** SHA-256 (hex) of the course's lessons as published: what this version's text was. */
  contentHash: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const CourseRevisionSchema = new EntitySchema<CourseRevision>({
  class: CourseRevision,
  tableName: "course_revisions",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    course: {
      kind: "m:1",
      entity: "Course",
      nullable: true,
      deleteRule: "set null",
      index: "course_revisions_course_idx",
    },
    state: { type: "string", length: 20 },
    number: { type: "integer", nullable: true },
    reason: { type: "text", nullable: true },
    lessons: { type: "json" },
    previous: { type: "json" },
    changes: { type: "json" },
    author: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    authorName: { type: "string", length: 255 },
    publishedAt: { type: "datetime", nullable: true },
    publishedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    publishedByName: { type: "string", length: 255, nullable: true },
    submittedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    submittedAt: { type: "datetime", nullable: true },
    approvedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    approvedName: { type: "string", length: 255, nullable: true },
    approvedAt: { type: "datetime", nullable: true },
    approvedAddress: { type: "string", length: 64, nullable: true },
    approvedDevice: { type: "string", length: 512, nullable: true },
    approvedHash: { type: "string", length: 64, nullable: true },
    reviewComment: { type: "text", nullable: true },
    reviewedByName: { type: "string", length: 255, nullable: true },
    contentHash: { type: "string", length: 64, nullable: true },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    updatedAt: { type: "datetime", onCreate: () => new Date(), onUpdate: () => new Date() },
  },
  indexes: [{ name: "course_revisions_org_course_state_idx", properties: ["organization", "course", "state"] }],
});

/** An organization's document-control settings (docs/decisions/0391-approval-of-revisions.md); no row: the defaults. */
export class DocumentControlSetting {
  [OptionalProps]?: "approvalRequired";
  id!: number;
  organization!: Organization;
  /** Nothing reaches learners of a published course but through a revision an approver approved. */
  approvalRequired = false;
}

export const DocumentControlSettingSchema = new EntitySchema<DocumentControlSetting>({
  class: DocumentControlSetting,
  tableName: "document_control_settings",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: {
      kind: "m:1",
      entity: "Organization",
      deleteRule: "cascade",
      unique: "document_control_settings_org_unique",
    },
    approvalRequired: { type: "boolean", default: false },
  },
});
