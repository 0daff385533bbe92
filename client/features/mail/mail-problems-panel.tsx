import { MailWarning } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { formatDateTime } from "#client/lib/dates.js";
import { errorMessage } from "#client/lib/errors.js";
import { MAIL_FALLBACKS, useMailProblems } from "./queries.js";

const KIND_LABELS: Record<string, string> = {
  invitation: "Invitation",
  reminder: "Reminder",
  summary: "Weekly summary",
  password_reset: "Password reset",
  notice: "Notice to admins",
};

/**
 * The team page's "E-mail problems" (docs/SPEC.md §7), for admins: mail of this organization the server could not
 * send, given up or still being retried, with the mail server's last answer. Nothing shows while all is well.
 */
export function MailProblemsPanel({ visible }: { visible: boolean }) {
  const problems = useMailProblems(visible);
  if (!visible || (problems.isSuccess && problems.data.length === 0) || problems.isPending) return null;

  return (
    <Card className="border-amber-200 bg-amber-50/60">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailWarning className="size-5 text-amber-700" aria-hidden="true" />
          E-mail problems
        </CardTitle>
        <CardDescription>
          These e-mails could not be sent. Check the server's SMTP settings; to send an invitation again, invite the
          person anew.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {problems.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(problems.error, MAIL_FALLBACKS.problems)}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-amber-200">
            {problems.data.map((problem) => (
              <li key={problem.id} className="flex flex-col gap-1 py-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium break-all text-slate-900">
                    {KIND_LABELS[problem.kind] ?? problem.kind} to {problem.recipient}
                  </span>
                  <span className="text-xs text-slate-600">
                    {problem.failedAt
                      ? `Gave up ${formatDateTime(problem.failedAt)} after ${problem.attempts} ${problem.attempts === 1 ? "attempt" : "attempts"}`
                      : `Retrying ${formatDateTime(problem.nextAttemptAt)} (attempt ${problem.attempts + 1})`}
                  </span>
                </div>
                {problem.lastError && <p className="break-words text-xs text-amber-900">{problem.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
