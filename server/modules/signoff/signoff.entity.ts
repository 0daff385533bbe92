import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Lesson } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { SignoffChange } from "#shared/schemas/signoffs.js";

/**
 * Sign-off records (docs/decisions/0100-signoff-records.md). Both tables are an audit trail: no procedure updates
 * or deletes their rows. Deleting a lesson (or its course) sets their `lesson` to null and keeps them, with
 * the snapshot of what was signed; only deleting the organization removes them.
 */

/** One save of a sign-off lesson's title or content: what it said then, who saved it and how it mattered. */
export class LessonVersion {
  [OptionalProps]?: "createdAt" | "summary" | "author";
  id!: number;
  organization!: Organization;
  /** Null once the lesson is deleted: the version stays as the record of what its signers read. */
  lesson!: Lesson | null;
  /** The lesson's edit version (server/modules/courses/versions.rules.ts) after this save: what lessons/get answered. */
  version!: number;
  change!: SignoffChange;
  summary: string | null = null;
  author: User | null = null;
  /** The author's name as it was then, so the record reads the same after a rename or a departure. */
  authorName!: string;
  title!: string;
  content!: string | null;
  /** SHA-256 (hex) of the title and content: what a signature of this version names. */
  contentHash!: string;
  createdAt: Date = new Date();
}

export const LessonVersionSchema = new EntitySchema<LessonVersion>({
  class: LessonVersion,
  tableName: "lesson_versions",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    lesson: {
      kind: "m:1",
      entity: "Lesson",
      nullable: true,
      deleteRule: "set null",
      index: "lesson_versions_lesson_idx",
    },
    version: { type: "integer" },
    change: { type: "string", length: 10 },
    summary: { type: "string", length: 255, nullable: true },
    author: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    authorName: { type: "string", length: 255 },
    title: { type: "string", length: 255 },
    content: { type: "text", nullable: true },
    contentHash: { type: "string", length: 64 },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  indexes: [{ name: "lesson_versions_org_lesson_version_idx", properties: ["organization", "lesson", "version"] }],
});

/** A member agreed to one version of a sign-off lesson. Never updated, never deleted (see above). */
export class Signature {
  [OptionalProps]?: "signedAt";
  id!: number;
  organization!: Organization;
  /** Null once their account is gone; `signedName` keeps who it was. */
  user!: User | null;
  /** Null once the lesson is deleted; `lessonVersion` keeps what was signed. */
  lesson!: Lesson | null;
  lessonVersion!: LessonVersion;
  /** The lesson's edit version the signer read (lessons/get's `version`). */
  version!: number;
  contentHash!: string;
  /** The full name as typed, which matched the account's name. */
  signedName!: string;
  email!: string;
  signedAt: Date = new Date();
  clientAddress!: string;
  userAgent!: string;
}

export const SignatureSchema = new EntitySchema<Signature>({
  class: Signature,
  tableName: "signatures",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    user: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null", index: "signatures_user_idx" },
    lesson: { kind: "m:1", entity: "Lesson", nullable: true, deleteRule: "set null", index: "signatures_lesson_idx" },
    // Versions are removed only with their organization, which removes its signatures too.
    lessonVersion: { kind: "m:1", entity: () => LessonVersion, deleteRule: "cascade", index: "signatures_version_idx" },
    version: { type: "integer" },
    contentHash: { type: "string", length: 64 },
    signedName: { type: "string", length: 255 },
    email: { type: "string", length: 320 },
    signedAt: { type: "datetime", onCreate: () => new Date() },
    clientAddress: { type: "string", length: 64 },
    userAgent: { type: "string", length: 512 },
  },
  indexes: [{ name: "signatures_org_lesson_user_idx", properties: ["organization", "lesson", "user"] }],
});
