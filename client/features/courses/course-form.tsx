import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { ChoiceCard } from "#client/components/ui/choice-card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Textarea } from "#client/components/ui/textarea.js";
import { CertificationFields } from "#client/features/certificates/certification-fields.js";
import type { DeadlineErrors, DeadlineInput, DeadlineValues } from "#client/features/training/deadline.js";
import { deadlineInput, formatDueDate, isPastDueDate } from "#client/features/training/deadline.js";
import { DeadlineFields } from "#client/features/training/deadline-fields.js";
import { LIMITS } from "#shared/constants.js";
import { COURSE_STATUSES, createCourseInput } from "#shared/schemas/courses.js";
import { TagsTree } from "./tags-tree.js";

/** What the form edits; the shared schema turns it into what the API takes (trimmed, blank → null). */
export type CourseFormInput = z.input<typeof createCourseInput>;
type CourseFieldValues = z.output<typeof createCourseInput>;
/** The fields and the deadline, which the form keeps apart (its kind is a choice the API does not store). */
type CourseFormValues = CourseFieldValues & DeadlineInput;

const STATUS_TEXT = {
  draft: { label: "Draft", hint: "Only people who build courses can see it." },
  published: { label: "Published", hint: "Its audience gets it as training; everyone can find it in the library." },
} as const;

export interface CourseFormProps {
  defaultValues: CourseFormInput;
  /** Required or optional, and the deadline (decision 0045). */
  defaultDeadline: DeadlineValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: CourseFormValues) => void;
  /** Where Cancel goes. */
  cancel: { to: "/$orgSlug/courses" } | { to: "/$orgSlug/courses/$courseId"; courseId: string };
  orgSlug: string;
}

/**
 * Create and edit course (docs/SPEC.md §2): title, description, tags tree, status; the messages of docs/SPEC.md §5.
 * Decision 0045 adds whether the audience must take it, and by when.
 */
export function CourseForm({
  defaultValues,
  defaultDeadline,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  cancel,
  orgSlug,
}: CourseFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CourseFormInput, unknown, CourseFieldValues>({
    resolver: zodResolver(createCourseInput),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues,
  });
  const [deadline, setDeadline] = useState(defaultDeadline);
  const [deadlineErrors, setDeadlineErrors] = useState<DeadlineErrors>({});
  // A new due date already over is saved only once the user has said so: everyone would be late at once.
  const [pastDate, setPastDate] = useState<CourseFormValues | null>(null);
  const submit = handleSubmit((values) => {
    const checked = deadlineInput(deadline);
    setDeadlineErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const { dueDate } = checked.input;
    const changed = dueDate !== (defaultDeadline.kind === "date" ? defaultDeadline.dueDate : null);
    if (dueDate !== null && changed && isPastDueDate(dueDate)) setPastDate({ ...values, ...checked.input });
    else onSubmit({ ...values, ...checked.input });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-busy={pending || undefined}>
      <FormField label="Title" error={errors.title?.message}>
        {(field) => (
          <Input
            {...field}
            {...register("title")}
            maxLength={LIMITS.courseTitleMax}
            placeholder="e.g. Forklift safety"
          />
        )}
      </FormField>

      <FormField
        label="Description"
        error={errors.description?.message}
        hint={`Optional, up to ${LIMITS.courseDescriptionMax} characters.`}
      >
        {(field) => (
          <Textarea
            {...field}
            {...register("description")}
            rows={4}
            placeholder="What will people learn in this course?"
          />
        )}
      </FormField>

      <Controller
        control={control}
        name="tagIds"
        render={({ field }) => <TagsTree value={field.value ?? []} onChange={field.onChange} disabled={pending} />}
      />

      <DeadlineFields value={deadline} onChange={setDeadline} errors={deadlineErrors} disabled={pending} />

      <Controller
        control={control}
        name="certification"
        render={({ field }) => (
          <CertificationFields
            value={field.value}
            onChange={field.onChange}
            disabled={pending}
            errors={{
              validityMonths: errors.certification?.validityMonths?.message,
              recertifyDaysBefore: errors.certification?.recertifyDaysBefore?.message,
              self: errors.certification?.message,
            }}
          />
        )}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">Status</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {COURSE_STATUSES.map((status) => (
            <ChoiceCard
              key={status}
              value={status}
              {...register("status")}
              label={STATUS_TEXT[status].label}
              hint={STATUS_TEXT[status].hint}
            />
          ))}
        </div>
        {errors.status?.message && <p className="text-sm text-red-600">{errors.status.message}</p>}
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        {cancel.to === "/$orgSlug/courses" ? (
          <Link to="/$orgSlug/courses" params={{ orgSlug }} className={buttonClassName({ variant: "outline" })}>
            Cancel
          </Link>
        ) : (
          <Link
            to="/$orgSlug/courses/$courseId"
            params={{ orgSlug, courseId: cancel.courseId }}
            className={buttonClassName({ variant: "outline" })}
          >
            Cancel
          </Link>
        )}
        <Button type="submit" loading={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={pastDate !== null}
        onOpenChange={(open) => !open && setPastDate(null)}
        title="This due date has passed"
        description={`${pastDate?.dueDate ? formatDueDate(pastDate.dueDate) : "The date"} is in the past. Everyone who must take this course will be late straight away.`}
        confirmLabel="Save with this date"
        confirmVariant="primary"
        onConfirm={() => {
          if (pastDate) onSubmit(pastDate);
          setPastDate(null);
        }}
      />
    </form>
  );
}
