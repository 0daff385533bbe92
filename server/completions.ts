import { ForeignKeyConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import type { Organization } from "./entities/index.js";
import { Completion } from "./entities/index.js";
import { fail } from "./errors.js";

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

/** `completedAt`: when it was done, for work sent later from a device (server/action-time.ts); now by default. */
export async function recordCompletion(
  scope: CompletionScope,
  lessonId: number,
  completedAt: Date = new Date(),
): Promise<Completion> {
  try {
    // Two tabs completing at once: the second insert yields to the first (unique per org, user, lesson).
    await scope.em
      .createQueryBuilder(Completion)
      .insert({ organization: scope.organization.id, user: scope.user.id, lesson: lessonId, completedAt })
      .onConflict(["organization", "user", "lesson"])
      .ignore()
      .execute();
  } catch (error) {
    // The lesson was deleted between reading it and recording the completion.
    if (error instanceof ForeignKeyConstraintViolationException) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
    throw error;
  }
  return scope.em.findOneOrFail(Completion, { user: scope.user.id, lesson: lessonId }, { refresh: true });
}
