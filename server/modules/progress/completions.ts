import { ForeignKeyConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { Hooks } from "#server/platform/api/hooks.js";
import { inScope } from "#server/platform/db/rows.js";
import { dateFromRow, dialectOfManager } from "#server/platform/db/sql-dialect.js";
import { type Plan, readStep, runPlan, writeReturningStep, writeStep } from "#server/platform/db/statement-plan.js";
import { fail } from "#server/platform/http/errors.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { QUIZ_MESSAGES } from "#shared/schemas/quizzes.js";
import { SCORM_MESSAGES } from "#shared/schemas/scorm.js";
import { SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";
import type { Dialect } from "../../../mikro-orm.config.js";
import { totalCountFrom } from "./course-completion-totals.js";
import {
  COMPLETION_BY_KEY,
  type CountedCompletion,
  completionCountStatements,
  progressCountFrom,
} from "./course-progress.js";

/**
 * How a lesson is completed, the one rule every completing path asks (decision 0152): a sign-off lesson
 * only by signing it (decision 0101), a SCORM lesson only by its package's own completion
 * (docs/decisions/0360-scorm-lessons-complete-only-by-playing.md), a lesson with a knowledge check only by
 * passing it (decision 0110), any other by "Mark as Complete". Signing wins over the rest: a signature is
 * what a sign-off lesson's completion stands for; a package wins over a check beside it, since the
 * package is the lesson's content and its own tracking says whether it was done.
 */
export type CompletionWay = "mark" | "pass" | "play" | "sign";

export interface CompletionFacts {
  requiresSignoff: boolean;
  hasQuiz: boolean;
  /** The lesson plays a SCORM package. */
  playsPackage: boolean;
}

export function completionWayOf(lesson: CompletionFacts): CompletionWay {
  if (lesson.requiresSignoff) return "sign";
  if (lesson.playsPackage) return "play";
  return lesson.hasQuiz ? "pass" : "mark";
}

/** Refuses to complete a lesson by "Mark as Complete" when it has its own way, naming that way. */
export function assertCompletableByMarking(lesson: CompletionFacts): void {
  const way = completionWayOf(lesson);
  if (way === "sign") throw fail.badRequest(SIGNOFF_MESSAGES.completeBySigning);
  if (way === "play") throw fail.forbidden(SCORM_MESSAGES.completeByPlaying);
  if (way === "pass") throw fail.forbidden(QUIZ_MESSAGES.completeByPassing);
}

/**
 * Refuses to sign a lesson that is not completed by signing. Only the sign-off flag is asked: signing
 * comes first in the rule, so a knowledge check beside it never changes the answer.
 */
export function assertCompletableBySigning(lesson: Pick<CompletionFacts, "requiresSignoff">): void {
  if (completionWayOf({ requiresSignoff: lesson.requiresSignoff, hasQuiz: false, playsPackage: false }) !== "sign")
    throw fail.badRequest(SIGNOFF_MESSAGES.notSignoff);
}

/** Who completes: the request's user, in the organization its entity manager is scoped to. */
export interface CompletionKeyScope {
  user: { id: number };
}

export interface CompletionScope extends CompletionKeyScope {
  em: SqlEntityManager;
}

/** A lesson's completion as recorded: when the user first completed it. */
export interface RecordedCompletion {
  lessonId: number;
  completedAt: Date;
}

/**
 * The completions table's unique key ignores a second completion of the same lesson by the same user. The
 * row takes its organization from its lesson, found in the request's organization: a lesson of another
 * one, or one deleted meanwhile, inserts nothing.
 */
const INSERT_COMPLETION = `insert into completions (organization_id, user_id, lesson_id, completed_at)
  select l.organization_id, ?, l.id, ? from lessons l where ${inScope("l")} and l.id = ?
  on conflict (organization_id, user_id, lesson_id) do nothing`;

const FIRST_COMPLETION = `select completed_at from completions where ${inScope()} and user_id = ? and lesson_id = ?`;

const keyOf = (scope: CompletionKeyScope, lessonId: number): CountedCompletion => ({ userId: scope.user.id, lessonId });

const keyParams = (key: CountedCompletion) => [key.userId, key.lessonId];

const insertParams = (key: CountedCompletion, completedAt: Date) => [key.userId, completedAt, key.lessonId];

/** The lesson was deleted between reading it and recording the completion. */
function missingLessonAsNotFound(error: unknown): never {
  if (error instanceof ForeignKeyConstraintViolationException) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  throw error;
}

/** The insert yielded to another request's completion of the same lesson: the first one's time is the answer. */
interface FirstCompletionRow {
  completed_at: unknown;
}

function firstCompletion(lessonId: number, row: FirstCompletionRow | undefined): RecordedCompletion {
  // Yielded to a completion that is gone again: its lesson was deleted meanwhile.
  const firstAt = dateFromRow(row?.completed_at);
  if (!firstAt) throw fail.notFound(COURSE_MESSAGES.lessonNotFound);
  return { lessonId, completedAt: firstAt };
}

/**
 * What a higher module writes with every completion, in the completion's own statements
 * (docs/decisions/0290-module-hooks.md): the evidence log's entries (docs/decisions/0300-evidence-log.md).
 * `recordedFrom` answers one INSERT … SELECT that reads the completion just recorded as `c` (the
 * completions table's columns) from `completion`, and may read its course's progress row, counted with it,
 * from `progress` (course_progress' organization_id, user_id, course_id, completed_lessons), with no
 * parameters of its own: on PostgreSQL it joins the one statement as a CTE, on SQLite it runs after the
 * INSERT and its counts in the same shared commit. Either way it commits with the completion or not at
 * all, and adds no round trip on PostgreSQL.
 */
export interface CompletionStatementHook {
  recordedFrom: (completion: string, progress: string, dialect: Dialect) => string;
}

export const completionStatementHooks = new Hooks<CompletionStatementHook>("completionStatements");

/**
 * PostgreSQL's completion (decision 0252): the INSERT and, from the row it returned (none for a repeat),
 * its two counts and what the hooks add, as one statement. Outside a transaction they commit together;
 * the lesson stays key-share locked until then, so a recount (server/modules/progress/course-progress.ts)
 * still waits for it. Built once, after server/router.ts registered the hooks: its text is the prepared
 * statement's key.
 */
let insertAndCountCompletion: string | undefined;

function insertAndCountStatement(): string {
  insertAndCountCompletion ??= `with inserted as (${INSERT_COMPLETION}
    returning organization_id, user_id, lesson_id, completed_at),
  progress as (${progressCountFrom("inserted c")}
    returning organization_id, user_id, course_id, completed_lessons),
  total as (${totalCountFrom("inserted c")})${completionStatementHooks.all
    .map((hook, index) => `,\n  hooked_${index} as (${hook.recordedFrom("inserted c", "progress", "postgresql")})`)
    .join("")}
  select lesson_id from inserted`;
  return insertAndCountCompletion;
}

/** SQLite's statements of the hooks, by the completion's key (built once, like PostgreSQL's). */
let hookedBySqlite: string[] | undefined;

function sqliteHookStatements(): string[] {
  hookedBySqlite ??= completionStatementHooks.all.map((hook) =>
    hook.recordedFrom(COMPLETION_BY_KEY, "course_progress", "sqlite"),
  );
  return hookedBySqlite;
}

/**
 * The one way a lesson's completion is written, by "Mark as Complete" (lessons/complete), by passing its
 * knowledge check (quizzes/submit) and by signing a sign-off lesson (lessons/sign): progress, My training
 * and the reports read this row alike. Idempotent: the first completion stays (there is no undo).
 *
 * The statements that record it, as a plan (server/platform/db/statement-plan.ts) that runs
 * awaited or at once alike: on PostgreSQL the INSERT and its counts as one statement, on SQLite the INSERT
 * and then its counts (server/modules/progress/course-progress.ts) when it inserted. The completion time is
 * the one it wrote, so nothing is read back unless another request completed the same lesson first (then
 * its time is the first completion's). `completedAt`: when it was done, for work sent later from a device
 * (server/platform/api/action-time.ts).
 */
export function* recordCompletionPlan(
  scope: CompletionKeyScope,
  lessonId: number,
  completedAt: Date,
  dialect: Dialect,
): Plan<RecordedCompletion> {
  const key = keyOf(scope, lessonId);
  const params = insertParams(key, completedAt);
  // Two tabs completing at once: the second insert yields to the first (unique per org, user, lesson).
  let inserted: boolean;
  try {
    if (dialect === "postgresql") inserted = (yield* writeReturningStep(insertAndCountStatement(), params)).length > 0;
    else inserted = (yield* writeStep(INSERT_COMPLETION, params)) > 0;
  } catch (error) {
    missingLessonAsNotFound(error);
  }
  if (!inserted)
    return firstCompletion(lessonId, (yield* readStep<FirstCompletionRow>(FIRST_COMPLETION, keyParams(key)))[0]);
  if (dialect === "sqlite") {
    for (const [sql, countParams] of completionCountStatements(key)) yield* writeStep(sql, countParams);
    for (const sql of sqliteHookStatements()) yield* writeStep(sql, keyParams(key));
  }
  return { lessonId, completedAt };
}

/**
 * The one way a lesson's completion is written, in the transaction `scope.em` is in (quizzes/submit,
 * lessons/sign); lessons/complete runs the same plan its own way (lesson-completion.ts). Now by default.
 */
export function recordCompletion(
  scope: CompletionScope,
  lessonId: number,
  completedAt: Date = new Date(),
): Promise<RecordedCompletion> {
  return runPlan(scope.em, recordCompletionPlan(scope, lessonId, completedAt, dialectOfManager(scope.em)));
}
