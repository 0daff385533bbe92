import type { z } from "zod";
import type { CompletionView } from "#server/modules/courses/index.js";
import {
  assertCourseVisible,
  type LessonCompletionRow,
  lessonCompletionRow,
  lessonCompletionRowNow,
} from "#server/modules/courses/index.js";
import { actionTime } from "#server/platform/api/action-time.js";
import { rememberAnswer, replayedAnswer } from "#server/platform/api/client-actions.js";
import type { SignedInContext } from "#server/platform/api/trpc.js";
import { scopedStatements } from "#server/platform/db/rows.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import { commitTogether } from "#server/platform/fast/sqlite-group-commit.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import { COURSE_MESSAGES, type completeLessonInput } from "#shared/schemas/courses.js";
import { dialectOf } from "../../../mikro-orm.config.js";
import { assertCompletableByMarking, recordCompletion, recordCompletionNow } from "./completions.js";

/**
 * "Mark as Complete" (lessons/complete): the visibility check, then the completion's INSERT and its counts,
 * atomically. The pipeline opens no transaction around it (`commitsItself`). A plain completion commits
 * on SQLite together with the other writes of its turn of the event loop (server/platform/fast/sqlite-group-commit.ts,
 * decision 0241), and on PostgreSQL as one statement with its counts (decision 0252). One sent from the
 * offline queue (a `clientId`, whose answer is remembered for replays) runs in a transaction of its own.
 */

type CompleteInput = z.infer<typeof completeLessonInput>;

export interface CompletionContext extends SignedInContext {
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

/**
 * The read, the rules, the replay, the write and the remembered answer, in the transaction `ctx.em` is in;
 * or in none for a plain completion on PostgreSQL, whose write is one statement (decision 0252).
 */
async function completeWithRules(ctx: CompletionContext, input: CompleteInput): Promise<CompletionView> {
  const verdict = judged(ctx, input, await lessonCompletionRow(ctx.em, input.lessonId, ctx.user.id));
  const replay = await replayedAnswer<CompletionView>(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonComplete);
  if (replay) return replay;
  const completion = "done" in verdict ? verdict.done : await recordCompletion(ctx, input.lessonId, verdict.doneAt);
  return rememberAnswer(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonComplete, completion);
}

/** Idempotent: completing a completed lesson answers with the first completion (there is no undo). */
export async function completeByMarking(ctx: CompletionContext, input: CompleteInput): Promise<CompletionView> {
  if (ctx.em.isInTransaction()) return completeWithRules(ctx, input);
  const { organization, user } = ctx;
  if (input.clientId === undefined) {
    if (dialectOf(ctx.config) === "postgresql") return completeWithRules(ctx, input);
    return commitTogether(ctx.em, (shared) => {
      // The turn's statements are shared by the requests of every organization: this one's scope on them.
      const statements = scopedStatements(ctx.em, shared);
      const verdict = judged(ctx, input, lessonCompletionRowNow(statements, input.lessonId, user.id));
      if ("done" in verdict) return verdict.done;
      return recordCompletionNow(statements, ctx, input.lessonId, verdict.doneAt);
    });
  }
  return ctx.em.transactional((em) => {
    scopeToOrganization(em, organization.id);
    return completeWithRules({ ...ctx, em }, input);
  });
}
