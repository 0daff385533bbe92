import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Course, Lesson } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { Signature } from "#server/modules/signoff/index.js";
import type { ContentLanguage } from "#shared/content-languages.js";

/**
 * Translations as versions of their source (docs/decisions/0410-translations-as-versions.md): each keeps
 * the source text it translates (its snapshot and hash), so that it is known to be out of date once the
 * source changes, and what changed since can be shown. One per lesson (or course) and language; a save
 * replaces it and counts its version.
 */

/** A lesson's title, content and check in another language. */
export class LessonTranslation {
  [OptionalProps]?: "createdAt" | "updatedAt" | "version" | "author";
  id!: number;
  organization!: Organization;
  lesson!: Lesson;
  language!: ContentLanguage;
  title!: string;
  /** Sanitized HTML, like the lesson's own (server/modules/courses/lesson-content.ts). */
  content!: string | null;
  /** The check's questions and options in this language, as JSON: `TranslatedQuestion[]`. */
  questions!: string;
  /** Counted from 1 by each save: what a signature of the translation names. */
  version = 1;
  /** The lesson's edit version this translation was made from. */
  sourceVersion!: number;
  /** SHA-256 of the source's title, content and check texts as translated (translations.rules.ts). */
  sourceHash!: string;
  /** The source as translated, to show what changed in it since. */
  sourceTitle!: string;
  sourceContent!: string | null;
  author: User | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const LessonTranslationSchema = new EntitySchema<LessonTranslation>({
  class: LessonTranslation,
  tableName: "lesson_translations",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    lesson: { kind: "m:1", entity: "Lesson", deleteRule: "cascade" },
    language: { type: "string", length: 10 },
    title: { type: "string", length: 255 },
    content: { type: "text", nullable: true },
    questions: { type: "text" },
    version: { type: "integer", default: 1 },
    sourceVersion: { type: "integer" },
    sourceHash: { type: "string", length: 64 },
    sourceTitle: { type: "string", length: 255 },
    sourceContent: { type: "text", nullable: true },
    author: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    updatedAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "lesson_translations_lesson_language_unique", properties: ["lesson", "language"] }],
  indexes: [{ name: "lesson_translations_org_lesson_idx", properties: ["organization", "lesson"] }],
});

/** A course's title and description in another language. */
export class CourseTranslation {
  [OptionalProps]?: "createdAt" | "updatedAt" | "version";
  id!: number;
  organization!: Organization;
  course!: Course;
  language!: ContentLanguage;
  title!: string;
  description!: string | null;
  version = 1;
  /** SHA-256 of the source's title and description as translated. */
  sourceHash!: string;
  sourceTitle!: string;
  sourceDescription!: string | null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const CourseTranslationSchema = new EntitySchema<CourseTranslation>({
  class: CourseTranslation,
  tableName: "course_translations",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    course: { kind: "m:1", entity: "Course", deleteRule: "cascade" },
    language: { type: "string", length: 10 },
    title: { type: "string", length: 255 },
    description: { type: "text", nullable: true },
    version: { type: "integer", default: 1 },
    sourceHash: { type: "string", length: 64 },
    sourceTitle: { type: "string", length: 255 },
    sourceDescription: { type: "text", nullable: true },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    updatedAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "course_translations_course_language_unique", properties: ["course", "language"] }],
  indexes: [{ name: "course_translations_org_course_idx", properties: ["organization", "course"] }],
});

/**
 * A signature given on a translation (lessons/sign with a language): which language and which version of
 * the translation was read. A signature without one was given on the source. Kept like the signature.
 */
export class SignedTranslation {
  id!: number;
  organization!: Organization;
  signature!: Signature;
  language!: ContentLanguage;
  translationVersion!: number;
  /** SHA-256 of the translated title, content and check texts as signed. */
  contentHash!: string;
}

export const SignedTranslationSchema = new EntitySchema<SignedTranslation>({
  class: SignedTranslation,
  tableName: "signed_translations",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    signature: { kind: "1:1", entity: "Signature", owner: true, deleteRule: "cascade" },
    language: { type: "string", length: 10 },
    translationVersion: { type: "integer" },
    contentHash: { type: "string", length: 64 },
  },
  indexes: [{ name: "signed_translations_org_signature_idx", properties: ["organization", "signature"] }],
});
