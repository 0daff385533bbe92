import { z } from "zod";
import { EVIDENCE_KINDS } from "#shared/evidence.js";
import { id } from "./common.js";

export const EVIDENCE_MESSAGES = {
  kindInvalid: "Choose an event kind from the list.",
  dateInvalid: "Dates must be written as YYYY-MM-DD.",
  rangeInvalid: "The first date must not be after the last.",
  cursorInvalid: "That page of the audit trail does not exist.",
  personNotFound: "That person is not in this organization's audit trail.",
  courseNotFound: "That course is not in this organization's audit trail.",
  tagNotFound: "Tag not found.",
  rangeRequired: "Choose the first and the last day of the pack.",
} as const;

const M = EVIDENCE_MESSAGES;

/** A calendar day, YYYY-MM-DD: the filters and the pack's range are whole days in UTC. */
const day = z
  .string({ error: M.rangeRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), M.dateInvalid);

/** GET /_api/audit/list: newest first, a page after `cursor` (the last sequence number shown). */
export const auditListInput = z
  .object({
    userId: id("Person ID must be a positive number.").optional(),
    courseId: id("Course ID must be a positive number.").optional(),
    kind: z.enum(EVIDENCE_KINDS, { error: M.kindInvalid }).optional(),
    from: day.optional(),
    to: day.optional(),
    cursor: id(M.cursorInvalid).optional(),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, { message: M.rangeInvalid })
  .prefault({});

/** POST /_api/audit/pack: the days it covers and, optionally, one person, one course or one department (tag). */
export const auditPackInput = z
  .object({
    from: day,
    to: day,
    userId: id("Person ID must be a positive number.").optional(),
    courseId: id("Course ID must be a positive number.").optional(),
    tagId: id("Tag ID must be a positive number.").optional(),
  })
  .refine((input) => input.from <= input.to, { message: M.rangeInvalid });
