import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { EmailField } from "#client/components/ui/email-field.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormFooter } from "#client/components/ui/form-footer.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { errorMessage } from "#client/lib/errors.js";
import { type ForgotPasswordInput, forgotPasswordInput, MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { SuccessNote } from "./outcome.js";
import { MAIL_FALLBACKS, useForgotPassword, useMailStatus } from "./queries.js";

const resolver = zodResolver(forgotPasswordInput);

const linkClass =
  "rounded font-semibold text-brand-600 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export function BackToLogin() {
  return (
    <p className="text-center text-sm text-slate-600">
      <Link to="/login" className={linkClass}>
        Back to log in
      </Link>
    </p>
  );
}

/**
 * "Forgot password?": asks for a reset link by e-mail. Without e-mail on the server it says so instead of
 * offering a form whose mail would never come.
 */
export function ForgotPasswordForm() {
  const status = useMailStatus();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver, defaultValues: { email: "" } });

  if (status.isPending) return <Spinner className="mx-auto" label="Loading" />;
  if (status.data && !status.data.emailEnabled) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert>{MAIL_MESSAGES.mailNotSetUp}</FormAlert>
        <BackToLogin />
      </div>
    );
  }
  if (forgot.isSuccess) {
    return (
      <SuccessNote icon={MailCheck} message={forgot.data.message}>
        <BackToLogin />
      </SuccessNote>
    );
  }
  return (
    <form
      onSubmit={handleSubmit((values) => forgot.mutate(values))}
      noValidate
      className="flex flex-col gap-5"
      aria-busy={forgot.isPending || undefined}
    >
      {forgot.error && <FormAlert>{errorMessage(forgot.error, MAIL_FALLBACKS.forgotPassword)}</FormAlert>}
      <EmailField
        registration={register("email")}
        error={errors.email?.message}
        placeholder="you@company.com"
        autoFocus
      />
      <FormFooter submitLabel="Send reset link" pending={forgot.isPending} layout="page">
        <BackToLogin />
      </FormFooter>
    </form>
  );
}
