/**
 * Course texts and limits the screens show, apart from the schemas that validate them (re-exported by
 * shared/schemas/courses.ts): the course and lesson pages read them, and must not carry the validation
 * library for it (decision 0221, as decision 0065 for the training statuses).
 */

import { LIMITS } from "./constants.js";

/** The texts of docs/SPEC.md §5 and §8 for courses, modules and lessons, shared by the server, client and tests. */
export const COURSE_MESSAGES = {
  courseTitleTooShort: "Title must be at least 3 characters.",
  titleTooLong: "Title can be up to 255 characters.",
  descriptionTooLong: "Description can be up to 1000 characters.",
  titleRequired: "Title is required.",
  statusInvalid: "Status must be draft or published.",
  courseIdInvalid: "Course ID must be a positive number.",
  moduleIdInvalid: "Module ID must be a positive number.",
  lessonIdInvalid: "Lesson ID must be a positive number.",
  tagIdInvalid: "Tag IDs must be positive numbers.",
  tagIdsTooMany: `A course can have up to ${LIMITS.tagsPerCourseMax} tags.`,
  urlInvalid: "Must be a valid URL.",
  contentTooLong: "Lesson content can be up to 256 KB. Split it into several lessons.",
  contentTooComplex:
    "This content is too complex to convert. Simplify its formatting (for example deeply nested lists or quotes) or split it into several lessons.",
  contentConversionBusy: "The server is busy converting other lessons. Please try again in a moment.",
  searchTooLong: "Search can be up to 255 characters.",
  limitInvalid: "Limit must be a whole number from 1 to 100.",
  cursorInvalid: "Cursor is not one this list gave.",
  modulesRequired: "At least one module is required for reordering.",
  lessonsRequired: "At least one lesson is required for reordering.",
  modulesTooMany: `A course can have up to ${LIMITS.modulesPerCourseMax} modules.`,
  lessonsTooMany: `A module can have up to ${LIMITS.lessonsPerModuleMax} lessons.`,
  orderIndexInvalid: "Order index must be a whole number of 0 or more.",
  duplicateModule: "Each module can appear only once.",
  duplicateLesson: "Each lesson can appear only once.",
  duplicateOrderIndex: "Each item needs a different order index.",
  courseNotFound: "Course not found.",
  moduleNotFound: "Module not found.",
  lessonNotFound: "Lesson not found.",
  tagNotFound: "Tag not found.",
  modulesStale: "The modules of this course have changed since you loaded them. Reload and try again.",
  lessonsStale: "The lessons of this module have changed since you loaded them. Reload and try again.",
  requiredInvalid: "Required must be true or false.",
  dueDateInvalid: "Due date must be a date (YYYY-MM-DD).",
  dueDaysInvalid: "Due in days must be a whole number from 1 to 3650.",
  dueBoth: "Choose either a due date or a number of days after joining, not both.",
  certificationInvalid: "Certification must be null or an object with validityMonths and recertifyDaysBefore.",
  validityMonthsInvalid: "Validity must be a whole number of months from 1 to 120, or none.",
  recertifyDaysInvalid: "Recertification must start a whole number of days from 1 to 365 before expiry.",
  versionInvalid: "Version must be a positive number.",
  courseChanged: "This course was changed by someone else while you were editing.",
  moduleChanged: "This module was changed by someone else while you were editing.",
  lessonChanged: "This lesson was changed by someone else while you were editing.",
  draftTextOnly: "A draft holds a lesson's title, text and video; sign-off is set on the lesson itself.",
} as const;

/** The longest relative deadline a course can set: ten years. */
export const DUE_DAYS_MAX = 3650;

/** A certification's longest validity (ten years), and the window before expiry that re-assigns it. */
export const VALIDITY_MONTHS_MAX = 120;
export const RECERTIFY_DAYS_MAX = 365;
export const DEFAULT_RECERTIFY_DAYS_BEFORE = 30;
