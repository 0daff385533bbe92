import { ForeignKeyConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { QUIZ_MESSAGES } from "#shared/schemas/quizzes.js";
import { SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";
import { countCompletion } from "./course-progress.js";
import type { Organization } from "./entities/index.js";
import { fail } from "./errors.js";
import { writePrepared } from "./read-models/prepared.js";
import { readRow } from "./read-models/rows.js";
import { dateFromRow } from "./sql-dialect.js";

/**
 * How a lesson is completed, the one rule every completing path asks (decision 0152): a sign-off lesson
 * only by signing it (issue 12), a lesson with a knowledge check only by passing it (issue 13), any
 * other by "Mark as Complete". Signing wins over a check: a signature is what a sign-off lesson's
 * completion stands for.
 */
export type CompletionWay = "mark" | "pass" | "sign";

export interface CompletionFacts {
  requiresSignoff: boolean;
  hasQuiz: boolean;
}

export function completionWayOf(lesson: CompletionFacts): CompletionWay {
  if (lesson.requiresSignoff) return "sign";
  return lesson.hasQuiz ? "pass" : "mark";
}

/** Refuses to complete a lesson by "Mark as Complete" when it has its own way, naming that way. */
export function assertCompletableByMarking(lesson: CompletionFacts): void {
  const way = completionWayOf(lesson);
  if (way === "sign") throw fail.badRequest(SIGNOFF_MESSAGES.completeBySigning);
  if (way === "pass") throw fail.forbidden(QUIZ_MESSAGES.completeByPassing);
}

/**
 * Refuses to sign a lesson that is not completed by signing. Only the sign-off flag is asked: signing
 * comes first in the rule, so a knowledge check beside it never changes the answer.
 */
export function assertCompletableBySigning(lesson: Pick<CompletionFacts, "requiresSignoff">): void {
  if (completionWayOf({ requiresSignoff: lesson.requiresSignoff, hasQuiz: false }) !== "sign")
    throw fail.badRequest(SIGNOFF_MESSAGES.notSignoff);
}

/**
 * The one way a lesson's completion is written, by "Mark as Complete" (lessons/complete), by passing
 * its knowledge check (quizzes/submit) and by signing a sign-off lesson (lessons/sign): progress, My training and the reports read this row alike.
 * Idempotent: the first completion stays (there is no undo).
 */
export interface CompletionScope {
  em: SqlEntityManager;
  organization: Pick<Organization, "id">;
  user: { id: number };
}

/** A lesson's completion as recorded: when the user first completed it. */
export interface RecordedCompletion {
  lessonId: number;
  completedAt: Date;
}

/** The completions table's unique key ignores a second completion of the same lesson by the same user. */
const INSERT_COMPLETION = `insert into completions (organization_id, user_id, lesson_id, completed_at) values (?, ?, ?, ?)
  on conflict (organization_id, user_id, lesson_id) do nothing`;

/**
 * One INSERT (a prepared statement, decision 0209), and its count in the course's progress row (server/course-progress.ts); the completion time is the one it wrote, so nothing is read back unless another request
 * completed the same lesson first (then its time is the first completion's). `completedAt`: when it
 * was done, for work sent later from a device (server/action-time.ts); now by default.
 */
export async function recordCompletion(
  scope: CompletionScope,
  lessonId: number,
  completedAt: Date = new Date(),
): Promise<RecordedCompletion> {
  let inserted: number;
  try {
    // Two tabs completing at once: the second insert yields to the first (unique per org, user, lesson).
    inserted = await writePrepared(scope.em, INSERT_COMPLETION, [
      scope.organization.id,
      scope.user.id,
      lessonId,
      completedAt,
    ]);
  } catch (error) {
    // The lesson was deleted between reading it and recording the completion.
    if (error instanceof ForeignKeyConstraintViolationException) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
    throw error;
  }
  if (inserted > 0) {
    await countCompletion(scope.em, { organizationId: scope.organization.id, userId: scope.user.id, lessonId });
    return { lessonId, completedAt };
  }
  const first = await readRow<{ completed_at: unknown }>(
    scope.em,
    "select completed_at from completions where organization_id = ? and user_id = ? and lesson_id = ?",
    [scope.organization.id, scope.user.id, lessonId],
  );
  // Yielded to a completion that is gone again: its lesson was deleted meanwhile.
  const firstAt = dateFromRow(first?.completed_at);
  if (!firstAt) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  return { lessonId, completedAt: firstAt };
}
