import { Link } from "@tanstack/react-router";
import { Button } from "#client/components/ui/button.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { errorMessage } from "#client/lib/errors.js";
import { MAIL_MESSAGES } from "#shared/schemas/mail.js";
import { MAIL_FALLBACKS, useUnsubscribe } from "./queries.js";

/**
 * The page of the "Stop training reminders" link. It asks for a click rather than acting on load, so that
 * a mail scanner opening every link does not turn reminders off.
 */
export function UnsubscribeCard({ token }: { token: string | undefined }) {
  const unsubscribe = useUnsubscribe();
  if (!token) return <FormAlert>{MAIL_MESSAGES.unsubscribeInvalid}</FormAlert>;
  if (unsubscribe.isSuccess) {
    return (
      <output className="block text-center text-sm text-slate-700">
        You will no longer get training reminders from {unsubscribe.data.orgName}. You can turn them on again on your{" "}
        <Link to="/account" className="font-semibold text-brand-600 hover:underline">
          account page
        </Link>
        .
      </output>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {unsubscribe.error && <FormAlert>{errorMessage(unsubscribe.error, MAIL_FALLBACKS.unsubscribe)}</FormAlert>}
      <p className="text-center text-sm text-slate-600">
        Stop the e-mails that remind you of required training due soon or overdue in this organization? Invitations and
        password e-mails still come.
      </p>
      <Button
        size="lg"
        className="w-full"
        loading={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate({ token })}
      >
        Stop training reminders
      </Button>
    </div>
  );
}
