import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { errorMessage } from "#client/lib/errors.js";
import { MAIL_FALLBACKS, useMailStatus, useReminderPreferences, useSetReminderPreference } from "./queries.js";

/** The account page's switch per organization for the reminder e-mails (the daily reminder, the weekly summary). */
export function RemindersCard() {
  const status = useMailStatus();
  const preferences = useReminderPreferences();
  const setPreference = useSetReminderPreference();
  const rows = preferences.data ?? [];
  if (preferences.isSuccess && rows.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail reminders</CardTitle>
        <CardDescription>
          Reminders of required training due soon or overdue, and for admins and managers a weekly summary.
          {status.data && !status.data.emailEnabled && " E-mail is not set up on this server yet, so none are sent."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending && <Skeleton className="h-10 w-full" />}
        {preferences.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(preferences.error, MAIL_FALLBACKS.preferences)}
          </p>
        )}
        <ul className="flex flex-col divide-y divide-slate-100">
          {rows.map((row) => {
            const id = `reminders-${row.orgId}`;
            return (
              <li key={row.orgId} className="flex items-center justify-between gap-4 py-3">
                <label htmlFor={id} className="min-w-0 truncate text-sm font-medium text-slate-800">
                  {row.orgName}
                </label>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  aria-checked={row.remindersEnabled}
                  className="size-5 shrink-0 accent-brand-600"
                  checked={row.remindersEnabled}
                  disabled={setPreference.isPending}
                  aria-describedby={`${id}-state`}
                  onChange={(event) =>
                    setPreference.mutate({ orgId: row.orgId, remindersEnabled: event.currentTarget.checked })
                  }
                />
                <span id={`${id}-state`} className="sr-only">
                  {row.remindersEnabled ? "Reminders on" : "Reminders off"}
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
