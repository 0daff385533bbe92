import { createFileRoute } from "@tanstack/react-router";
import { CenteredCardPage } from "#client/components/layout/centered-card-page.js";
import { ForgotPasswordForm } from "#client/features/mail/forgot-password-form.js";

export const Route = createFileRoute("/forgot-password")({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  return (
    <CenteredCardPage>
      <div className="flex flex-col gap-8 p-6 sm:p-8">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Forgot your password?</h1>
          <p className="mt-1.5 text-sm text-slate-600">
            Enter the e-mail address of your account and we will send you a link to choose a new one.
          </p>
        </div>
        <ForgotPasswordForm />
      </div>
    </CenteredCardPage>
  );
}
