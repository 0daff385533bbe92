import { formatUtcDay } from "#client/lib/dates.js";
import { COURSE_MESSAGES, DUE_DAYS_MAX } from "#shared/course-texts.js";

/** How a required course's deadline is set: none, a calendar date, or N days after joining the audience. */
export type DeadlineKind = "none" | "date" | "days";

/** What the course form edits about who must take the course and by when. */
export interface DeadlineValues {
  required: boolean;
  kind: DeadlineKind;
  /** "YYYY-MM-DD" as a date input gives it, "" when empty. */
  dueDate: string;
  /** The number input's text, "" when empty. */
  dueDays: string;
}

/** The API's deadline fields. */
export interface DeadlineInput {
  required: boolean;
  dueDate: string | null;
  dueDays: number | null;
}

/** The form's own message: the API's "Due date must be a date" reads oddly for a field left empty. */
const DATE_REQUIRED = "Pick the date the course is due.";

export function deadlineValuesOf(course: {
  required: boolean;
  dueDate: string | null;
  dueDays: number | null;
}): DeadlineValues {
  return {
    required: course.required,
    kind: course.dueDate !== null ? "date" : course.dueDays !== null ? "days" : "none",
    dueDate: course.dueDate ?? "",
    dueDays: course.dueDays === null ? "" : String(course.dueDays),
  };
}

export const NEW_COURSE_DEADLINE: DeadlineValues = { required: false, kind: "none", dueDate: "", dueDays: "" };

export type DeadlineErrors = Partial<Record<"dueDate" | "dueDays", string>>;

/**
 * The API's fields for these values: only the chosen kind of deadline is sent, the other cleared, so a
 * course never carries both; an optional course carries none.
 */
export function deadlineInput(
  values: DeadlineValues,
): { ok: true; input: DeadlineInput } | { ok: false; errors: DeadlineErrors } {
  if (!values.required || values.kind === "none") {
    return { ok: true, input: { required: values.required, dueDate: null, dueDays: null } };
  }
  if (values.kind === "date") {
    if (values.dueDate === "") return { ok: false, errors: { dueDate: DATE_REQUIRED } };
    return { ok: true, input: { required: true, dueDate: values.dueDate, dueDays: null } };
  }
  const days = Number(values.dueDays);
  if (values.dueDays.trim() === "" || !Number.isInteger(days) || days < 1 || days > DUE_DAYS_MAX) {
    return { ok: false, errors: { dueDays: COURSE_MESSAGES.dueDaysInvalid } };
  }
  return { ok: true, input: { required: true, dueDate: null, dueDays: days } };
}

/**
 * The calendar day a deadline falls on. Deadlines are kept as the instant they pass (a fixed date is due
 * at the end of that day, UTC), so the day is read in UTC, a millisecond before that instant: an end
 * given as the next day's 00:00 still names the due day, in every time zone of the reader.
 */
export function formatDueDay(dueAt: Date): string {
  return formatUtcDay(new Date(dueAt.getTime() - 1));
}

/** "Due Dec 3, 2026" or "Was due Dec 3, 2026" for a deadline that has passed. */
export function dueText(dueAt: Date, now: Date = new Date()): string {
  return `${dueAt.getTime() <= now.getTime() ? "Was due" : "Due"} ${formatDueDay(dueAt)}`;
}

/**
 * Whether a fixed due date ("YYYY-MM-DD") is already over: it is due at the end of that day, UTC
 * (docs/SPEC.md §3), so today's date is not yet past.
 */
export function isPastDueDate(dueDate: string, now: Date = new Date()): boolean {
  return dueDate < now.toISOString().slice(0, 10);
}

/** The day of a "YYYY-MM-DD" due date as the course screens write it ("Dec 3, 2026"). */
export function formatDueDate(dueDate: string): string {
  return formatUtcDay(new Date(`${dueDate}T12:00:00Z`));
}
