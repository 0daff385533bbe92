import { z } from "zod";
import { TRAINING_STATUSES } from "#shared/training-statuses.js";
import { id } from "./common.js";
import { COURSE_MESSAGES, courseIdField } from "./courses.js";

/** Assignments, "My training" and the reports (docs/SPEC.md §7). */
export const TRAINING_MESSAGES = {
  memberNotFound: "Member not found.",
  tagNotFound: "Tag not found.",
  userIdInvalid: "User ID must be a positive number.",
  userIdsRequired: "Choose at least one person.",
  userIdsTooMany: "At most 500 people can be assigned at once.",
  tagIdsInvalid: "Tag IDs must be positive numbers.",
  tagIdsTooMany: "At most 500 tags can be chosen at once.",
  courseIdsInvalid: "Course IDs must be positive numbers.",
  courseIdsTooMany: "At most 500 courses can be chosen at once.",
  statusInvalid: "Status must be not_started, in_progress, completed or overdue.",
  signoffFilterInvalid: "Sign-off must be needed.",
  formatInvalid: "Format must be csv or json.",
} as const;

const M = TRAINING_MESSAGES;

export { TRAINING_STATUS_LABELS, type TrainingStatus } from "#shared/training-statuses.js";

const userIdField = id(M.userIdInvalid);

/** The most ids a filter or an assignment names at once. */
const ID_LIST_MAX = 500;

/**
 * A list of ids: an array through tRPC; on a REST query string "1,2,3" or a repeated key (the REST adapter
 * leaves the text as is: this field reads it). Each id once.
 */
function idListField(message: string, tooMany: string) {
  return z
    .preprocess(
      (value) =>
        typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"))
          ? [value]
              .flat()
              .flatMap((item: string) => item.split(","))
              .map((item) => item.trim())
              .filter((item) => item !== "")
              .map((item) => (/^\d+$/.test(item) ? Number(item) : item))
          : value,
      z.array(id(message), { error: message }).max(ID_LIST_MAX, tooMany),
    )
    .transform((ids) => [...new Set(ids)]);
}

const statusFilterField = z.enum(TRAINING_STATUSES, { error: M.statusInvalid });

export const assignmentsListInput = z.object({ courseId: courseIdField }, { error: COURSE_MESSAGES.courseIdInvalid });

export const createAssignmentsInput = z.object(
  {
    courseId: courseIdField,
    userIds: z
      .array(userIdField, { error: M.userIdsRequired })
      .min(1, M.userIdsRequired)
      .max(ID_LIST_MAX, M.userIdsTooMany)
      .transform((ids) => [...new Set(ids)]),
  },
  { error: COURSE_MESSAGES.courseIdInvalid },
);

export const deleteAssignmentInput = z.object(
  { courseId: courseIdField, userId: userIdField },
  { error: COURSE_MESSAGES.courseIdInvalid },
);

export const matrixReportInput = z
  .object({
    tagIds: idListField(M.tagIdsInvalid, M.tagIdsTooMany).optional(),
    courseIds: idListField(M.courseIdsInvalid, M.courseIdsTooMany).optional(),
    status: statusFilterField.optional(),
    /** "needed": only the cells whose member must (re-)sign a sign-off lesson of the course (decision 0103). */
    signoff: z.enum(["needed"], { error: M.signoffFilterInvalid }).optional(),
  })
  .prefault({});

export const courseReportInput = z.object({ courseId: courseIdField }, { error: COURSE_MESSAGES.courseIdInvalid });
export const memberReportInput = z.object({ userId: userIdField }, { error: M.userIdInvalid });
