import { ChoiceCard } from "#client/components/ui/choice-card.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { COURSE_MESSAGES, DUE_DAYS_MAX } from "#shared/schemas/courses.js";

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

const KIND_TEXT: Record<DeadlineKind, { label: string; hint: string }> = {
  none: { label: "No deadline", hint: "Required, whenever they get to it." },
  date: { label: "By a date", hint: "Everyone by the same day." },
  days: { label: "Days after joining", hint: "Each person gets their own deadline." },
};

export interface DeadlineFieldsProps {
  value: DeadlineValues;
  onChange: (value: DeadlineValues) => void;
  errors: DeadlineErrors;
  disabled?: boolean;
}

/** Issue 11 on the course form: required or optional for its audience, and a required course's deadline. */
export function DeadlineFields({ value, onChange, errors, disabled = false }: DeadlineFieldsProps) {
  const set = (change: Partial<DeadlineValues>) => onChange({ ...value, ...change });
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Training</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <ChoiceCard
          name="course-required"
          checked={value.required}
          onChange={() => set({ required: true })}
          label="Required"
          hint="Its audience must complete it."
        />
        <ChoiceCard
          name="course-required"
          checked={!value.required}
          onChange={() => set({ required: false })}
          label="Optional"
          hint="Offered to its audience, not expected."
        />
      </div>
      {value.required && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Due</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {(Object.keys(KIND_TEXT) as DeadlineKind[]).map((kind) => (
              <ChoiceCard
                key={kind}
                name="course-deadline"
                checked={value.kind === kind}
                onChange={() => set({ kind })}
                label={KIND_TEXT[kind].label}
                hint={KIND_TEXT[kind].hint}
              />
            ))}
          </div>
          {value.kind === "date" && (
            <FormField label="Due date" error={errors.dueDate} hint="Overdue from the next day.">
              {(field) => (
                <Input
                  {...field}
                  type="date"
                  value={value.dueDate}
                  onChange={(event) => set({ dueDate: event.target.value })}
                  className="sm:max-w-56"
                />
              )}
            </FormField>
          )}
          {value.kind === "days" && (
            <FormField
              label="Days to complete"
              error={errors.dueDays}
              hint="Counted from the day each person joins the course's audience."
            >
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={DUE_DAYS_MAX}
                  step={1}
                  value={value.dueDays}
                  onChange={(event) => set({ dueDays: event.target.value })}
                  className="sm:max-w-40"
                />
              )}
            </FormField>
          )}
        </fieldset>
      )}
    </fieldset>
  );
}
