import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { DEFAULT_INVITE_ROLE } from "#shared/constants.js";
import { ROLE_DESCRIPTIONS, type Role } from "#shared/roles.js";
import { inviteInput, updateMemberInput } from "#shared/schemas/team.js";
import { RoleSelect } from "./role-select.js";
import { TagChecklist } from "./tag-checklist.js";

/** The fields the invite and edit-member dialogs share (docs/SPEC.md §2: name, email, role, tags). */
export interface MemberFormValues {
  name: string;
  email: string;
  role: Role;
  tagIds: number[];
}

/*
 * The forms validate with the shared schemas (their messages are the spec's), less what the form itself
 * supplies: the defaults of role and tags are the form's default values, and the edited member's id is
 * not a field.
 */
export const inviteFormSchema = inviteInput.extend({
  role: inviteInput.shape.role.unwrap(),
  tagIds: inviteInput.shape.tagIds.unwrap(),
});
export const memberFormSchema = updateMemberInput
  .omit({ userId: true })
  .extend({ tagIds: updateMemberInput.shape.tagIds.unwrap() });

export interface MemberFieldsProps {
  form: UseFormReturn<MemberFormValues>;
  allowedRoles: readonly Role[];
  /** Nobody changes their own role (docs/DESIGN.md §6): the edit dialog of one's own card locks it. */
  roleLocked?: string;
  /** The edit dialog shows the login e-mail read-only: only its owner changes it (decision 0014). */
  emailLocked?: string;
  disabled?: boolean;
}

export function MemberFields({ form, allowedRoles, roleLocked, emailLocked, disabled }: MemberFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const tags = useTagTree();
  const tagsHintId = useId();
  const chosenRole = form.watch("role") ?? DEFAULT_INVITE_ROLE;
  return (
    <>
      <FormField label="Name" error={errors.name?.message}>
        {(field) => (
          <Input {...field} {...register("name")} autoComplete="off" placeholder="Jane Doe" disabled={disabled} />
        )}
      </FormField>
      <FormField label="Email" error={errors.email?.message} hint={emailLocked}>
        {(field) => (
          <Input
            {...field}
            {...register("email")}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="jane@company.com"
            readOnly={emailLocked !== undefined}
            disabled={disabled}
          />
        )}
      </FormField>
      <FormField
        label="Role"
        error={errors.role?.message}
        hint={roleLocked ? `${roleLocked} ${ROLE_DESCRIPTIONS[chosenRole]}` : ROLE_DESCRIPTIONS[chosenRole]}
      >
        {(field) => (
          <Controller
            control={control}
            name="role"
            render={({ field: role }) => (
              <RoleSelect
                {...field}
                value={role.value ?? DEFAULT_INVITE_ROLE}
                onChange={role.onChange}
                allowed={allowedRoles}
                disabled={disabled || roleLocked !== undefined}
              />
            )}
          />
        )}
      </FormField>
      {/* The spec's "tags": departments and job roles, not the access level above (docs/SPEC.md §2). */}
      <fieldset className="flex flex-col gap-1.5" aria-describedby={tagsHintId}>
        <legend className="text-sm font-medium text-slate-800">Departments and job roles</legend>
        <p id={tagsHintId} className="-mt-1 mb-1 text-xs text-slate-500">
          They decide which training this person gets.
        </p>
        <div>
          {tags.isPending ? (
            <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" aria-busy="true">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-5 w-1/3" />
            </div>
          ) : tags.isError ? (
            <p className="text-sm text-red-600">The departments and roles could not be loaded.</p>
          ) : (
            <Controller
              control={control}
              name="tagIds"
              render={({ field: tagIds }) => (
                <TagChecklist
                  departments={tags.data}
                  value={tagIds.value ?? []}
                  onChange={tagIds.onChange}
                  disabled={disabled}
                />
              )}
            />
          )}
        </div>
      </fieldset>
    </>
  );
}
