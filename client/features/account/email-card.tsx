import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { EmailField } from "#client/components/ui/email-field.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormFooter } from "#client/components/ui/form-footer.js";
import { errorMessage } from "#client/lib/errors.js";
import { type ChangeEmailInput, changeEmailInput } from "#shared/schemas/account.js";
import { PasswordField } from "./password-field.js";
import { ACCOUNT_FALLBACKS, useChangeEmail } from "./queries.js";

const resolver = zodResolver(changeEmailInput);

/** One's login e-mail, which only its owner changes (decision 0014), with the current password. */
export function EmailCard({ email }: { email: string }) {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailInput>({ resolver, defaultValues: { email, currentPassword: "" } });
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, { onSuccess: ({ user }) => reset({ email: user.email, currentPassword: "" }) }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email address</CardTitle>
        <CardDescription>The address you log in with, in every organization you belong to.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={change.isPending || undefined}>
          {change.error && <FormAlert>{errorMessage(change.error, ACCOUNT_FALLBACKS.changeEmail)}</FormAlert>}
          <EmailField registration={register("email")} error={errors.email?.message} disabled={change.isPending} />
          <PasswordField
            label="Current password"
            registration={register("currentPassword")}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            disabled={change.isPending}
          />
          <FormFooter submitLabel="Change email" pending={change.isPending} layout="card" />
        </form>
      </CardContent>
    </Card>
  );
}
