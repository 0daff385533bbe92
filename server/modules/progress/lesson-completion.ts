import type { z } from "zod";
import type { CompletionView } from "#server/modules/courses/index.js";
import { assertCourseVisible, type LessonCompletionRow, lessonCompletionRow } from "#server/modules/courses/index.js";
import { actionTime } from "#server/platform/api/action-time.js";
import { rememberAnswer, replayedAnswer } from "#server/platform/api/client-actions.js";
import type { CallerContext } from "#server/platform/api/trpc.js";
import { scopedStatements } from "#server/platform/db/rows.js";
import { type Plan, runPlan, runPlanNow } from "#server/platform/db/statement-plan.js";
import { commitTogether } from "#server/platform/fast/sqlite-group-commit.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import { COURSE_MESSAGES, type completeLessonInput } from "#shared/schemas/courses.js";
import { type Dialect, dialectOf } from "../../../mikro-orm.config.js";
import { assertCompletableByMarking, recordCompletionPlan } from "./completions.js";

/**
 * "Mark as Complete" (lessons/complete): the lesson's read, the rules and the completion's statements, as
 * one plan (server/platform/db/statement-plan.ts), which each database commits its one way, chosen by the
 * database (COMMIT_MARKING): on SQLite together with the other writes of its turn of the event loop
 * (server/platform/fast/sqlite-group-commit.ts, decision 0241), on PostgreSQL as one statement with its
 * counts (decision 0252). The pipeline opens no transaction around it (`commitsItself`). One sent from the
 * offline queue (a `clientId`) asks the ledger first and leaves its answer there after: a completion is
 * idempotent, so a replay that finds no answer yet (the first copy still running, or gone before its
 * answer was kept) completes again, yields to the first completion, and answers its time.
 */

type CompleteInput = z.infer<typeof completeLessonInput>;

export interface CompletionContext extends CallerContext {
  organization: { id: number };
  membership: { createdAt: Date };
  role: Role;
}

/** What the read says about the lesson, judged alike on both paths: refused, already done, or when to date it. */
function judged(
  ctx: CompletionContext,
  input: CompleteInput,
  lesson: LessonCompletionRow | undefined,
): { done: CompletionView } | { doneAt: Date } {
  if (!lesson) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  assertCourseVisible({ status: lesson.courseStatus }, ctx.role);
  assertCompletableByMarking(lesson);
  if (lesson.completedAt) return { done: { lessonId: input.lessonId, completedAt: lesson.completedAt } };
  return { doneAt: actionTime(input.doneAt, [ctx.membership.createdAt, lesson.courseCreatedAt]) };
}

/** The lesson's read, the rules, and the completion's statements unless it is done already. */
function* markingPlan(ctx: CompletionContext, input: CompleteInput, dialect: Dialect): Plan<CompletionView> {
  const verdict = judged(ctx, input, yield* lessonCompletionRow(input.lessonId, ctx.user.id));
  if ("done" in verdict) return verdict.done;
  return yield* recordCompletionPlan(ctx, input.lessonId, verdict.doneAt, dialect);
}

/** How each database commits the plan: the one place the two differ. */
const COMMIT_MARKING: Record<Dialect, (ctx: CompletionContext, plan: Plan<CompletionView>) => Promise<CompletionView>> =
  {
    // The turn's statements are shared by the requests of every organization: this one's scope on them.
    sqlite: (ctx, plan) => commitTogether(ctx.em, (shared) => runPlanNow(scopedStatements(ctx.em, shared), plan)),
    postgresql: (ctx, plan) => runPlan(ctx.em, plan),
  };

/** Idempotent: completing a completed lesson answers with the first completion (there is no undo). */
export async function completeByMarking(ctx: CompletionContext, input: CompleteInput): Promise<CompletionView> {
  const replay = await replayedAnswer<CompletionView>(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonComplete);
  if (replay) return replay;
  const dialect = dialectOf(ctx.config);
  const completion = await COMMIT_MARKING[dialect](ctx, markingPlan(ctx, input, dialect));
  return rememberAnswer(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonComplete, completion);
}
