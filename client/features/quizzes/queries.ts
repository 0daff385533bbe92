import type { inferRouterOutputs } from "@trpc/server";
import { courseReaders } from "#client/features/courses/queries.js";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";

type Outputs = inferRouterOutputs<AppRouter>;

/** Knowledge checks (docs/SPEC.md §7) as the API answers them. */
export type EditorCheck = NonNullable<Outputs["quizzes"]["get"]>;
export type SubmitResult = Outputs["quizzes"]["submit"];
export type LearnerCheck = NonNullable<Outputs["lessons"]["get"]["quiz"]>;

/** The editor starts from the check as the server holds it now (like the lesson itself). */
export function editorCheckQuery(lessonId: number) {
  return trpc.quizzes.get.queryOptions({ lessonId }, { staleTime: 0, refetchOnWindowFocus: false, retry: false });
}

export function checkStatsQuery(lessonId: number) {
  return trpc.quizzes.stats.queryOptions({ lessonId }, { staleTime: 0 });
}

/** What a saved check or a submitted attempt makes stale: the lesson pages, progress, and the check's views. */
export function checkReaders() {
  return [...courseReaders(), trpc.quizzes.pathKey()];
}
