import type { z } from "zod";
import {
  type CourseContext,
  findLesson,
  findVisibleCourse,
  lessonCompletionRow,
  lockLesson,
} from "#server/modules/courses/index.js";
import type { Membership } from "#server/modules/organizations/index.js";
import { completionWayOf, recordCompletion } from "#server/modules/progress/index.js";
import { actionTime } from "#server/platform/api/action-time.js";
import { type ClientActionScope, rememberAnswer, replayedAnswer } from "#server/platform/api/client-actions.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { runPlan } from "#server/platform/db/statement-plan.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import { QUIZ_MESSAGES, type submitQuizInput } from "#shared/schemas/quizzes.js";
import { loadQuiz } from "./quiz.data.js";
import { QuizAttempt } from "./quiz.entity.js";
import { answersRevealed, attemptsLeftOf, disclosedResult, gradeAttempt } from "./quiz-grading.rules.js";
import type { SubmitResultView } from "./quizzes.presenter.js";

type SubmitInput = z.output<typeof submitQuizInput>;
type SubmitContext = CourseContext &
  OrganizationScope &
  ClientActionScope & { membership: Pick<Membership, "createdAt"> };

/** Every answer names a question of this check and options of that question; else the page is stale. */
function assertAnswersFit(
  questions: { question: { id: number }; options: { id: number }[] }[],
  answers: SubmitInput["answers"],
): void {
  const optionsOf = new Map(questions.map(({ question, options }) => [question.id, new Set(options.map((o) => o.id))]));
  for (const answer of answers) {
    const options = optionsOf.get(answer.questionId);
    if (!options || !answer.optionIds.every((id) => options.has(id))) throw fail.conflict(QUIZ_MESSAGES.checkChanged);
  }
}

/** Whether passing the check completes the lesson: not a sign-off lesson's, nor a SCORM lesson's (completionWayOf). */
async function completedByPassing(ctx: SubmitContext, lessonId: number): Promise<boolean> {
  const facts = await runPlan(ctx.em, lessonCompletionRow(lessonId, ctx.user.id));
  return facts !== undefined && completionWayOf(facts) === "pass";
}

/**
 * quizzes/submit: graded here, never in the browser. The lesson's course is locked (PostgreSQL) while the
 * attempts are counted and the new one written, so two tabs cannot both take the last attempt. Passing
 * records the lesson's completion, unless the lesson is completed by signing (completionWayOf); failing
 * records only the attempt. The correct options come back only once revealed (answersRevealed).
 */
export async function submitQuiz(ctx: SubmitContext, input: SubmitInput): Promise<SubmitResultView> {
  const lesson = await findLesson(ctx, input.lessonId);
  const course = await findVisibleCourse(ctx, lesson.module.course.id);
  // Locked as every write to the course's content is (course-access.ts): the check cannot change meanwhile.
  await lockLesson(ctx, lesson.id);
  // After the lock: a copy sent twice at once waits for the first and then answers its result (decision 0140).
  // Before the attempts are counted: the answer to the last attempt, sent again, is not "no attempts left".
  const replay = await replayedAnswer<SubmitResultView>(ctx, input.clientId, CLIENT_ACTION_KINDS.quizSubmit);
  if (replay) return replay;
  const loaded = await loadQuiz(ctx.em, lesson.id, { refresh: true });
  if (!loaded || loaded.questions.length === 0) throw fail.notFound(QUIZ_MESSAGES.checkNotFound);
  const { quiz } = loaded;
  const used = await ctx.em.count(QuizAttempt, { lesson: lesson.id, user: ctx.user.id });
  const passedBefore =
    used > 0 && (await ctx.em.count(QuizAttempt, { lesson: lesson.id, user: ctx.user.id, passed: true })) > 0;
  if (attemptsLeftOf(quiz.maxAttempts, used) === 0) throw fail.forbidden(QUIZ_MESSAGES.noAttemptsLeft);
  assertAnswersFit(loaded.questions, input.answers);

  const grade = gradeAttempt(
    loaded.questions.map(({ question, options }) => ({ id: question.id, explanation: question.explanation, options })),
    input.answers,
    quiz.passPercent,
  );
  const doneAt = actionTime(input.doneAt, [ctx.membership.createdAt, course.createdAt]);
  createOwned(ctx, QuizAttempt, {
    user: ctx.user.id,
    lesson,
    answers: grade.results.map(({ questionId, optionIds, correct }) => ({ questionId, optionIds, correct })),
    scorePercent: grade.scorePercent,
    passed: grade.passed,
    createdAt: doneAt,
  });
  await ctx.em.flush();
  await recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind: grade.passed ? "check.passed" : "check.failed",
    occurredAt: doneAt,
    actorId: ctx.user.id,
    subjectUserId: ctx.user.id,
    courseId: course.id,
    lessonId: lesson.id,
    facts: {
      lessonTitle: lesson.title,
      scorePercent: grade.scorePercent,
      passPercent: quiz.passPercent,
      attempt: used + 1,
    },
  });
  if (grade.passed && (await completedByPassing(ctx, lesson.id))) await recordCompletion(ctx, lesson.id, doneAt);
  const attemptsLeft = attemptsLeftOf(quiz.maxAttempts, used + 1);
  // Not the correct options before a pass or the last attempt: else an empty attempt would list them all.
  const revealed = answersRevealed(quiz.revealAnswers, { passed: grade.passed || passedBefore, attemptsLeft });
  return rememberAnswer(ctx, input.clientId, CLIENT_ACTION_KINDS.quizSubmit, {
    scorePercent: grade.scorePercent,
    passed: grade.passed,
    attemptsLeft,
    answersRevealed: revealed,
    revealAnswers: quiz.revealAnswers,
    results: grade.results.map((result) => disclosedResult(result, revealed)),
  });
}
