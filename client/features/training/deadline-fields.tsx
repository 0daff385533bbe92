import { ChoiceCard } from "#client/components/ui/choice-card.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { DUE_DAYS_MAX } from "#shared/course-texts.js";
import type { DeadlineErrors, DeadlineKind, DeadlineValues } from "./deadline.js";

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

/** On the course form (decision 0045): required or optional for its audience, and a required course's deadline. */
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
