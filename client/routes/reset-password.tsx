import { createFileRoute } from "@tanstack/react-router";
import { CenteredCardPage } from "#client/components/layout/centered-card-page.js";
import { tokenSearch } from "#client/features/mail/outcome.js";
import { ResetPasswordForm } from "#client/features/mail/reset-password-form.js";

export const Route = createFileRoute("/reset-password")({
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <CenteredCardPage>
      <div className="flex flex-col gap-8 p-6 sm:p-8">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Choose a new password</h1>
          <p className="mt-1.5 text-sm text-slate-600">Every session of your account is signed out when it changes.</p>
        </div>
        <ResetPasswordForm token={token} />
      </div>
    </CenteredCardPage>
  );
}
