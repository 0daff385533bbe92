import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormFooter } from "#client/components/ui/form-footer.js";
import { errorMessage } from "#client/lib/errors.js";
import { type ChangePasswordInput, changePasswordInput } from "#shared/schemas/account.js";
import { PasswordField } from "./password-field.js";
import { ACCOUNT_FALLBACKS, useChangePassword } from "./queries.js";

const resolver = zodResolver(changePasswordInput);
const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "" };

/** Change password (decision 0015): the current one first; every other session is signed out. */
export function PasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({ resolver, defaultValues: EMPTY });
  const onSubmit = handleSubmit((values) => change.mutate(values, { onSuccess: () => reset(EMPTY) }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={change.isPending || undefined}>
          {change.error && <FormAlert>{errorMessage(change.error, ACCOUNT_FALLBACKS.changePassword)}</FormAlert>}
          <PasswordField
            label="Current password"
            registration={register("currentPassword")}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            disabled={change.isPending}
          />
          <PasswordField
            label="New password"
            registration={register("newPassword")}
            autoComplete="new-password"
            error={errors.newPassword?.message}
            hint="At least 8 characters."
            disabled={change.isPending}
          />
          <FormFooter submitLabel="Change password" pending={change.isPending} layout="card" />
        </form>
      </CardContent>
    </Card>
  );
}
