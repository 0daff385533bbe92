import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
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
          <FormField label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...register("email")}
                type="email"
                inputMode="email"
                autoComplete="email"
                disabled={change.isPending}
              />
            )}
          </FormField>
          <PasswordField
            label="Current password"
            registration={register("currentPassword")}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            disabled={change.isPending}
          />
          <div>
            <Button type="submit" loading={change.isPending}>
              Change email
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
