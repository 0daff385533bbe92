import { useState } from "react";
import { ChoiceCard } from "#client/components/ui/choice-card.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { DEFAULT_RECERTIFY_DAYS_BEFORE, RECERTIFY_DAYS_MAX, VALIDITY_MONTHS_MAX } from "#shared/course-texts.js";

/** What the form keeps: null for no certification; the numbers as typed (NaN when not a number: the schema says so). */
type CertificationValue = { validityMonths: number | null; recertifyDaysBefore?: number } | null;

interface CertificationFieldsProps {
  value: CertificationValue | undefined;
  onChange: (value: CertificationValue) => void;
  errors: { validityMonths?: string; recertifyDaysBefore?: string; self?: string };
  disabled?: boolean;
}

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * On the course form (docs/decisions/0310-certificates-derived-from-completion.md): whether completing the
 * course issues a certificate, how many months it is valid (blank: for good), and how many days before
 * it expires the course is assigned again.
 */
export function CertificationFields({ value, onChange, errors, disabled = false }: CertificationFieldsProps) {
  const [months, setMonths] = useState(value?.validityMonths == null ? "" : String(value.validityMonths));
  const [days, setDays] = useState(String(value?.recertifyDaysBefore ?? DEFAULT_RECERTIFY_DAYS_BEFORE));
  const emit = (nextMonths: string, nextDays: string) =>
    onChange({
      validityMonths: nextMonths.trim() === "" ? null : numberOf(nextMonths),
      recertifyDaysBefore: numberOf(nextDays),
    });
  const certified = value != null;
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Certificate</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <ChoiceCard
          name="course-certification"
          checked={!certified}
          onChange={() => onChange(null)}
          label="No certificate"
          hint="Completing it is the record."
        />
        <ChoiceCard
          name="course-certification"
          checked={certified}
          onChange={() => emit(months, days)}
          label="Issues a certificate"
          hint="With a PDF and a link anyone can check."
        />
      </div>
      {certified && (
        <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2">
          <FormField
            label="Valid for (months)"
            error={errors.validityMonths}
            hint={`Up to ${VALIDITY_MONTHS_MAX}; leave blank if it never expires.`}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={1}
                max={VALIDITY_MONTHS_MAX}
                value={months}
                onChange={(event) => {
                  setMonths(event.target.value);
                  emit(event.target.value, days);
                }}
              />
            )}
          </FormField>
          {value.validityMonths !== null && (
            <FormField
              label="Assign again (days before expiry)"
              error={errors.recertifyDaysBefore}
              hint="Due on the day it expires."
            >
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={RECERTIFY_DAYS_MAX}
                  value={days}
                  onChange={(event) => {
                    setDays(event.target.value);
                    emit(months, event.target.value);
                  }}
                />
              )}
            </FormField>
          )}
          {errors.self && <p className="text-sm text-red-700 sm:col-span-2">{errors.self}</p>}
        </div>
      )}
    </fieldset>
  );
}
