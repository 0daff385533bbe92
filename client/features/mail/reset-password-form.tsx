import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormField } from "#client/components/ui/form-field.js";
import { FormFooter } from "#client/components/ui/form-footer.js";
import { Input } from "#client/components/ui/input.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { errorMessage } from "#client/lib/errors.js";
import { MAIL_MESSAGES, resetPasswordInput } from "#shared/schemas/mail.js";
import { BackToLogin } from "./forgot-password-form.js";
import { SuccessNote } from "./outcome.js";
import { MAIL_FALLBACKS, useResetLinkStatus, useResetPassword } from "./queries.js";

/** The form checks the same password rule as the server (registration's: at least 8 characters). */
const passwordOnly = resetPasswordInput.pick({ password: true });
const resolver = zodResolver(passwordOnly);

/**
 * The page a reset mail links to: a new password for the account of the token. A link that no longer works
 * says so at once, instead of after a new password was typed.
 */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const reset = useResetPassword();
  const link = useResetLinkStatus(token);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof passwordOnly>>({ resolver, defaultValues: { password: "" } });

  if (!token) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert>This page needs the link from the reset e-mail. Ask for a new one if it is lost.</FormAlert>
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-600 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  if (link.isPending && !reset.isSuccess)
    return (
      <div className="flex justify-center py-6">
        <Spinner size="lg" label="Checking the link" />
      </div>
    );
  if (link.data?.usable === false && !reset.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert>{MAIL_MESSAGES.resetInvalid}</FormAlert>
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Ask for a new link</Link>
        </Button>
        <BackToLogin />
      </div>
    );
  }
  if (reset.isSuccess) {
    return (
      <SuccessNote icon={CircleCheck} message={reset.data.message}>
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Log in</Link>
        </Button>
      </SuccessNote>
    );
  }
  return (
    <form
      onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}
      noValidate
      className="flex flex-col gap-5"
      aria-busy={reset.isPending || undefined}
    >
      {reset.error && (
        <FormAlert>
          {errorMessage(reset.error, MAIL_FALLBACKS.resetPassword)}{" "}
          <Link to="/forgot-password" className="font-semibold underline">
            Ask for a new link
          </Link>
        </FormAlert>
      )}
      <FormField label="New password" error={errors.password?.message} hint="At least 8 characters.">
        {(control) => (
          <Input {...control} {...register("password")} type="password" autoComplete="new-password" autoFocus />
        )}
      </FormField>
      <FormFooter submitLabel="Set new password" pending={reset.isPending} layout="page">
        <BackToLogin />
      </FormFooter>
    </form>
  );
}
