import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "#server/router.js";

type CheckScore = inferRouterOutputs<AppRouter>["reports"]["course"]["members"][number]["checks"][number];

/** The report column header of one knowledge check (docs/SPEC.md §7). */
export function checkColumn(title: string): string {
  return `Check: ${title}`;
}

/** A member's best score and attempts at one check, as a report cell. */
export function CheckScoreText({ score, withTitle = false }: { score: CheckScore; withTitle?: boolean }) {
  const attempts = `${score.attempts} ${score.attempts === 1 ? "attempt" : "attempts"}`;
  return (
    <span className="block text-xs whitespace-nowrap text-slate-700 tabular-nums">
      {withTitle && <span className="text-slate-500">{score.title}: </span>}
      {score.bestScorePercent === null ? (
        <span className="text-slate-500">Not tried</span>
      ) : (
        <>
          <span className={score.passed ? "font-medium text-emerald-700" : "font-medium text-amber-700"}>
            best {score.bestScorePercent}%
          </span>{" "}
          · {attempts}
        </>
      )}
    </span>
  );
}
