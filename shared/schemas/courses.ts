import { z } from "zod";
import { DEFAULT_COURSE_STATUS, DEFAULT_LESSON_TITLE, DEFAULT_MODULE_TITLE, LIMITS } from "#shared/constants.js";
import { COURSE_PAGE_MAX, readCourseCursor } from "#shared/course-cursor.js";
import {
  COURSE_MESSAGES,
  DEFAULT_RECERTIFY_DAYS_BEFORE,
  DUE_DAYS_MAX,
  RECERTIFY_DAYS_MAX,
  VALIDITY_MONTHS_MAX,
} from "#shared/course-texts.js";
import { offlineActionFields } from "./client-actions.js";
import { id, text, utf8Length } from "./common.js";
import { contentLanguageField } from "./content-languages.js";
import { SIGNOFF_MESSAGES, signoffUpdateFields, summaryGivenForMaterial } from "./signoffs.js";

export { COURSE_MESSAGES } from "#shared/course-texts.js";

/** Not in the spec: the longest URL the lessons table stores. */
const VIDEO_URL_MAX = 2048;

export const COURSE_STATUSES = ["draft", "published"] as const;
export type CourseStatusValue = (typeof COURSE_STATUSES)[number];

const M = COURSE_MESSAGES;

// Each input object carries the message of its first required field: a GET without a query string, or
// a POST with an empty body, reaches the procedure as no input at all and reads as that field's rule.

export const courseIdField = id(M.courseIdInvalid);
const moduleIdField = id(M.moduleIdInvalid);
export const lessonIdField = id(M.lessonIdInvalid);
const tagIdField = id(M.tagIdInvalid);
/** The version an edit started from (server/modules/courses/versions.rules.ts); without it, the save applies as it always did. */
const versionField = id(M.versionInvalid).optional();

/** Blank optional text (a cleared form field) is stored as "none". */
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === "" ? null : value;

export const descriptionField = text({ error: M.descriptionTooLong }, { multiLine: true })
  .trim()
  .max(LIMITS.courseDescriptionMax, M.descriptionTooLong)
  .nullable()
  .optional()
  .transform(blankToNull);

export const courseTitleField = text({ error: M.courseTitleTooShort })
  .trim()
  .min(LIMITS.courseTitleMin, M.courseTitleTooShort)
  .max(LIMITS.courseTitleMax, M.titleTooLong);

const statusField = z.enum(COURSE_STATUSES, { error: M.statusInvalid });

/** A real calendar date as "YYYY-MM-DD" (2026-02-30 is refused), or null to clear it. */
const dueDateField = z
  .string({ error: M.dueDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dueDateInvalid)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
  }, M.dueDateInvalid)
  .nullable()
  .optional();

const dueDaysField = z
  .number({ error: M.dueDaysInvalid })
  .int(M.dueDaysInvalid)
  .min(1, M.dueDaysInvalid)
  .max(DUE_DAYS_MAX, M.dueDaysInvalid)
  .nullable()
  .optional();

/**
 * A certification (docs/decisions/0310-certificates-derived-from-completion.md): valid for
 * validityMonths (null: for good), re-assigned recertifyDaysBefore days before it expires; null: none.
 */
const certificationField = z
  .object(
    {
      validityMonths: z
        .number({ error: M.validityMonthsInvalid })
        .int(M.validityMonthsInvalid)
        .min(1, M.validityMonthsInvalid)
        .max(VALIDITY_MONTHS_MAX, M.validityMonthsInvalid)
        .nullable(),
      recertifyDaysBefore: z
        .number({ error: M.recertifyDaysInvalid })
        .int(M.recertifyDaysInvalid)
        .min(1, M.recertifyDaysInvalid)
        .max(RECERTIFY_DAYS_MAX, M.recertifyDaysInvalid)
        .default(DEFAULT_RECERTIFY_DAYS_BEFORE),
    },
    { error: M.certificationInvalid },
  )
  .strict()
  .nullable()
  .optional();

const requiredField = z.boolean({ error: M.requiredInvalid }).optional();

/** The two kinds of deadline exclude each other. */
const notBothDue = (input: { dueDate?: string | null; dueDays?: number | null }) =>
  !(input.dueDate != null && input.dueDays != null);
const dueBothIssue = { message: M.dueBoth, path: ["dueDays"] };

/** Repeated ids arrive once each; a course carries a tag at most once. */
const tagIdsField = z
  .array(tagIdField, { error: M.tagIdInvalid })
  .max(LIMITS.tagsPerCourseMax, M.tagIdsTooMany)
  .transform((ids) => [...new Set(ids)]);

export const createCourseInput = z
  .object(
    {
      title: courseTitleField,
      description: descriptionField,
      status: statusField.default(DEFAULT_COURSE_STATUS),
      tagIds: tagIdsField.default([]),
      required: requiredField,
      dueDate: dueDateField,
      dueDays: dueDaysField,
      certification: certificationField,
    },
    { error: M.courseTitleTooShort },
  )
  .refine(notBothDue, dueBothIssue);
export type CreateCourseInput = z.input<typeof createCourseInput>;

/** "id plus course fields" (docs/SPEC.md §7): a field left out keeps its value; tagIds, when sent, replaces the set. */
export const updateCourseInput = z
  .object(
    {
      id: courseIdField,
      title: courseTitleField.optional(),
      description: descriptionField,
      status: statusField.optional(),
      tagIds: tagIdsField.optional(),
      required: requiredField,
      dueDate: dueDateField,
      dueDays: dueDaysField,
      certification: certificationField,
      version: versionField,
    },
    { error: M.courseIdInvalid },
  )
  .refine(notBothDue, dueBothIssue);

export const courseIdInput = z.object({ id: courseIdField }, { error: M.courseIdInvalid });
/** courses/get: with `language`, the course in that language where a current translation exists (decision 0410). */
export const courseReadInput = z.object(
  { id: courseIdField, language: contentLanguageField.optional() },
  { error: M.courseIdInvalid },
);
export const courseStructureInput = z.object({ courseId: courseIdField }, { error: M.courseIdInvalid });

/** The course list's filters; none given is every course the caller may see. */
export const listCoursesInput = z
  .object({
    status: statusField.optional(),
    search: text({ error: M.searchTooLong })
      .trim()
      .max(LIMITS.courseTitleMax, M.searchTooLong)
      .optional()
      // A blank search is no search.
      .transform((search) => search || undefined),
    tagIds: tagIdsField.default([]),
    // Paging (decision 0151): without them, the whole list as before.
    limit: z
      .number({ error: M.limitInvalid })
      .int(M.limitInvalid)
      .min(1, M.limitInvalid)
      .max(COURSE_PAGE_MAX, M.limitInvalid)
      .optional(),
    cursor: z
      .string({ error: M.cursorInvalid })
      .max(30, M.cursorInvalid)
      .refine((cursor) => readCourseCursor(cursor) !== null, M.cursorInvalid)
      .nullish(),
  })
  .prefault({});

const moduleTitleField = text({ error: M.titleRequired })
  .trim()
  .min(LIMITS.moduleTitleMin, M.titleRequired)
  .max(LIMITS.moduleTitleMax, M.titleTooLong);

const moduleDescriptionField = text({ error: M.descriptionTooLong }, { multiLine: true })
  .trim()
  .max(LIMITS.moduleDescriptionMax, M.descriptionTooLong)
  .nullable()
  .optional()
  .transform(blankToNull);

/** The content screen adds a module with one click; an omitted title is the spec's "New Module". */
export const createModuleInput = z.object(
  {
    courseId: courseIdField,
    title: moduleTitleField.default(DEFAULT_MODULE_TITLE),
    description: moduleDescriptionField,
  },
  { error: M.courseIdInvalid },
);

/** Inline edits send the title alone: a field left out keeps its value. */
export const updateModuleInput = z.object(
  {
    id: moduleIdField,
    title: moduleTitleField.optional(),
    description: moduleDescriptionField,
    version: versionField,
  },
  { error: M.moduleIdInvalid },
);

export const moduleIdInput = z.object({ id: moduleIdField }, { error: M.moduleIdInvalid });

const orderIndexField = z.number({ error: M.orderIndexInvalid }).int(M.orderIndexInvalid).min(0, M.orderIndexInvalid);

function distinct<T>(values: T[]): boolean {
  return new Set(values).size === values.length;
}

/**
 * Optional on both reorders: the ids in the order the caller last saw. When given, a reorder made from a
 * list that has changed meanwhile is refused, even when it names the same items (a lost update otherwise).
 */
const expectedOrderField = (max: number, tooMany: string) =>
  z.array(id(M.orderIndexInvalid), { error: M.orderIndexInvalid }).max(max, tooMany).optional();

export const reorderModulesInput = z.object(
  {
    courseId: courseIdField,
    expectedOrder: expectedOrderField(LIMITS.modulesPerCourseMax, M.modulesTooMany),
    modules: z
      .array(z.object({ id: moduleIdField, orderIndex: orderIndexField }), {
        error: M.modulesRequired,
      })
      .min(1, M.modulesRequired)
      .max(LIMITS.modulesPerCourseMax, M.modulesTooMany)
      .refine((items) => distinct(items.map((item) => item.id)), M.duplicateModule)
      .refine((items) => distinct(items.map((item) => item.orderIndex)), M.duplicateOrderIndex),
  },
  { error: M.courseIdInvalid },
);

export const reorderLessonsInput = z.object(
  {
    moduleId: moduleIdField,
    /** The target module's lessons as the caller last saw them. */
    expectedOrder: expectedOrderField(LIMITS.lessonsPerModuleMax, M.lessonsTooMany),
    lessons: z
      .array(z.object({ id: lessonIdField, orderIndex: orderIndexField }), {
        error: M.lessonsRequired,
      })
      .min(1, M.lessonsRequired)
      .max(LIMITS.lessonsPerModuleMax, M.lessonsTooMany)
      .refine((items) => distinct(items.map((item) => item.id)), M.duplicateLesson)
      .refine((items) => distinct(items.map((item) => item.orderIndex)), M.duplicateOrderIndex),
  },
  { error: M.moduleIdInvalid },
);

export const lessonTitleField = text({ error: M.titleRequired })
  .trim()
  .min(LIMITS.lessonTitleMin, M.titleRequired)
  .max(LIMITS.lessonTitleMax, M.titleTooLong);

/** HTML or Markdown; the server renders and sanitizes it on save (docs/DESIGN.md §5). */
export const lessonContentField = text({ error: M.contentTooLong }, { multiLine: true })
  // Cheap first: no text of more characters can be within the byte limit.
  .max(LIMITS.lessonContentMaxBytes, M.contentTooLong)
  .refine((text) => utf8Length(text) <= LIMITS.lessonContentMaxBytes, M.contentTooLong)
  .nullable()
  .optional()
  .transform(blankToNull);

/** Only web addresses: a `javascript:` or `data:` URL never reaches a link or a frame. Blank clears it. */
const videoUrlField = text({ error: M.urlInvalid })
  .trim()
  .max(VIDEO_URL_MAX, M.urlInvalid)
  .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: M.urlInvalid })], { error: M.urlInvalid }))
  .nullable()
  .optional()
  .transform(blankToNull);

export const createLessonInput = z.object(
  {
    moduleId: moduleIdField,
    title: lessonTitleField.default(DEFAULT_LESSON_TITLE),
    content: lessonContentField,
    videoUrl: videoUrlField,
  },
  { error: M.moduleIdInvalid },
);

export const updateLessonInput = z
  .object(
    {
      id: lessonIdField,
      title: lessonTitleField.optional(),
      content: lessonContentField,
      videoUrl: videoUrlField,
      version: versionField,
      ...signoffUpdateFields,
      /** The editor's saves: on a published course they write its draft revision (docs/decisions/0390-course-drafts.md). */
      draft: z.boolean({ error: "Draft must be true or false." }).optional(),
    },
    { error: M.lessonIdInvalid },
  )
  .refine(summaryGivenForMaterial, { message: SIGNOFF_MESSAGES.summaryRequired, path: ["changeSummary"] });

export const lessonIdInput = z.object({ id: lessonIdField }, { error: M.lessonIdInvalid });
/** lessons/get: with `language`, the lesson in that language where a current translation exists (decision 0410). */
export const lessonReadInput = z.object(
  { id: lessonIdField, language: contentLanguageField.optional() },
  { error: M.lessonIdInvalid },
);
/** `clientId`: sent by the installed app for a completion made offline, so a replay counts once (decision 0140). */
export const completeLessonInput = z.object(
  { lessonId: lessonIdField, ...offlineActionFields },
  { error: M.lessonIdInvalid },
);
