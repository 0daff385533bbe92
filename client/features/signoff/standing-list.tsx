import type { inferRouterOutputs } from "@trpc/server";
import { formatDate } from "#client/lib/dates.js";
import type { AppRouter } from "#server/router.js";
import { signoffStandingLabel } from "#shared/signoff-standing.js";
import type { SignoffStatus } from "#shared/signoff-texts.js";

type MemberSignoff = inferRouterOutputs<AppRouter>["reports"]["member"]["courses"][number]["signoffs"][number];

const STATUS_CLASS: Record<SignoffStatus, string> = {
  signed: "text-emerald-700",
  outdated: "font-medium text-amber-700",
  unsigned: "text-slate-500",
};

/** The member report's sign-off cell (decision 0103): each procedure of the course and where the member stands. */
export function SignoffStandingList({ signoffs }: { signoffs: readonly MemberSignoff[] }) {
  if (signoffs.length === 0) {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No sign-off</span>
      </span>
    );
  }
  return (
    <ul className="flex min-w-48 flex-col gap-1 text-xs">
      {signoffs.map((lesson) => (
        <li key={lesson.lessonId}>
          <span className="text-slate-600">{lesson.lessonTitle}: </span>
          <span className={STATUS_CLASS[lesson.status]}>{signoffStandingLabel(lesson.status)}</span>
          {lesson.signedVersion !== null && lesson.signedAt && (
            <span className="block text-slate-500 tabular-nums">
              signed <time dateTime={lesson.signedAt.toISOString()}>{formatDate(lesson.signedAt)}</time>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
