import { Laptop, LogOut } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { formatDate, formatRelative } from "#client/lib/dates.js";
import { errorMessage } from "#client/lib/errors.js";
import { DAY_MS, HOUR_MS, LAST_SEEN_STEP_MS, MINUTE_MS } from "#shared/constants.js";
import { ACCOUNT_FALLBACKS, useSessions, useSignOutOthers } from "./queries.js";

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["day", DAY_MS],
  ["hour", HOUR_MS],
  ["minute", MINUTE_MS],
];

/** "Active now" within the server's last-seen step, else "3 hours ago" and the like. */
function lastSeenText(lastSeenAt: Date, now = Date.now()): string {
  const ago = now - lastSeenAt.getTime();
  if (ago < LAST_SEEN_STEP_MS) return "Active now";
  const [unit, size] = UNITS.find(([, ms]) => ago >= ms) ?? ["minute", MINUTE_MS];
  return `Last seen ${formatRelative(-Math.floor(ago / size), unit)}`;
}

/** Where the account is signed in, and "Sign out everywhere else" (decision 0015). */
export function SessionsCard() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>The browsers where you are signed in. Sign out any you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">Loading sessions…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : sessions.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
            <span>{errorMessage(sessions.error, ACCOUNT_FALLBACKS.sessions)}</span>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100" aria-label="Signed-in sessions">
            {sessions.data.map((session) => (
              <li
                key={`${session.signedInAt.toISOString()}-${session.device}`}
                className="flex items-center gap-3 py-3"
              >
                <Laptop className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{session.device}</p>
                  <p className="text-xs text-slate-600">
                    {session.current ? "This browser" : lastSeenText(session.lastSeenAt)} · signed in{" "}
                    {formatDate(session.signedInAt)}
                    {session.signedInWith && ` · signed in with ${session.signedInWith}`}
                  </p>
                </div>
                {session.current && <Badge variant="secondary">Current</Badge>}
              </li>
            ))}
          </ul>
        )}
        {sessions.isSuccess && others === 0 && (
          <p className="mt-1 text-sm text-slate-600">You are not signed in anywhere else.</p>
        )}
      </CardContent>
      <CardFooter>
        <Button
          variant="outline"
          loading={signOutOthers.isPending}
          disabled={!sessions.isSuccess || others === 0}
          onClick={() => signOutOthers.mutate()}
        >
          {!signOutOthers.isPending && <LogOut aria-hidden="true" />}
          Sign out everywhere else
        </Button>
      </CardFooter>
    </Card>
  );
}
