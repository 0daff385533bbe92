import type { EntityManager } from "@mikro-orm/core";
import { inScope, readRow, readRows } from "#server/platform/db/rows.js";
import { countFromRow, dateFromRow } from "#server/platform/db/sql-dialect.js";
import { type Plan, readStep } from "#server/platform/db/statement-plan.js";
import type { QuestionKind } from "#shared/schemas/quizzes.js";
import type { ScormVersion } from "#shared/schemas/scorm.js";
import type { CourseStatus } from "./course.entity.js";

/**
 * Lessons as plain rows (decision 0150): the lesson page (lessons/get) and what completing a lesson
 * must know (lessons/complete). Every query is in the request's organization (inScope); the presenters
 * map the rows.
 */

const orNull = (value: number | null) => (value === null ? null : Number(value));

/** A lesson's knowledge check settings, when it has one. */
export interface LessonQuizSettings {
  passPercent: number;
  maxAttempts: number | null;
  shuffle: boolean;
}

export interface LessonPageRow {
  id: number;
  title: string;
  content: string | null;
  videoUrl: string | null;
  orderIndex: number;
  version: number;
  requiresSignoff: boolean;
  module: { id: number; title: string };
  course: { id: number; title: string; status: CourseStatus };
  prevLesson: { id: number; title: string } | null;
  nextLesson: { id: number; title: string } | null;
  isCompleted: boolean;
  quiz: LessonQuizSettings | null;
  /** The SCORM version of the lesson's package (docs/decisions/0333), or null for a lesson without one. */
  scormVersion: ScormVersion | null;
}

interface LessonPageRecord {
  id: number;
  title: string;
  content: string | null;
  video_url: string | null;
  order_index: number;
  version: number;
  requires_signoff: boolean | number;
  module_id: number;
  module_title: string;
  course_id: number;
  course_title: string;
  course_status: CourseStatus;
  prev_id: number | null;
  prev_title: string | null;
  next_id: number | null;
  next_title: string | null;
  completion_id: number | null;
  quiz_id: number | null;
  pass_percent: number | null;
  max_attempts: number | null;
  shuffle: boolean | number | null;
  scorm_version: ScormVersion | null;
}

function neighbour(id: number | null, title: string | null): { id: number; title: string } | null {
  return id === null || title === null ? null : { id: Number(id), title };
}

const LESSON_PAGE = `with target as (
    select l.id, l.title, l.content, l.video_url, l.order_index, l.version, l.requires_signoff,
      m.id as module_id, m.title as module_title, m.course_id
    from lessons l join modules m on m.id = l.module_id
    where ${inScope("l")} and l.id = ?
  ),
  ordered as (
    select l.id, lag(l.id) over w as prev_id, lag(l.title) over w as prev_title,
      lead(l.id) over w as next_id, lead(l.title) over w as next_title
    from modules m cross join lessons l
    where ${inScope("m")} and m.course_id = (select course_id from target)
      and l.organization_id = m.organization_id and l.module_id = m.id
    window w as (order by m.order_index, m.id, l.order_index, l.id)
  )
  select t.*, c.title as course_title, c.status as course_status,
    o.prev_id, o.prev_title, o.next_id, o.next_title, cp.id as completion_id,
    q.id as quiz_id, q.pass_percent, q.max_attempts, q.shuffle, sp.scorm_version
  from target t
  join courses c on c.id = t.course_id and ${inScope("c")}
  join ordered o on o.id = t.id
  left join completions cp on cp.organization_id = c.organization_id and cp.user_id = ? and cp.lesson_id = t.id
  left join quizzes q on q.lesson_id = t.id
  left join scorm_packages sp on sp.lesson_id = t.id`;

/**
 * The lesson with its module, course, neighbours in course order (across module boundaries, empty
 * modules skipped), whether the user completed it and its check's settings: one query. The neighbours
 * come from a window over the course's lessons in outline order (module position, then lesson position).
 * The window starts from the course's modules (CROSS JOIN keeps SQLite's planner to that order; for
 * PostgreSQL it is an inner join): SQLite started from the organization's lessons instead, reading every
 * lesson of every course to keep one course's (decision 0232).
 */
export async function lessonPageRow(
  em: EntityManager,
  lessonId: number,
  userId: number,
): Promise<LessonPageRow | undefined> {
  const row = await readRow<LessonPageRecord>(em, LESSON_PAGE, [lessonId, userId]);
  if (!row) return undefined;
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    videoUrl: row.video_url,
    orderIndex: Number(row.order_index),
    version: Number(row.version),
    // SQLite keeps booleans as 0 and 1.
    requiresSignoff: Boolean(row.requires_signoff),
    module: { id: Number(row.module_id), title: row.module_title },
    course: { id: Number(row.course_id), title: row.course_title, status: row.course_status },
    prevLesson: neighbour(row.prev_id, row.prev_title),
    nextLesson: neighbour(row.next_id, row.next_title),
    isCompleted: row.completion_id !== null,
    quiz:
      row.quiz_id === null
        ? null
        : {
            passPercent: Number(row.pass_percent),
            maxAttempts: orNull(row.max_attempts),
            shuffle: Boolean(row.shuffle),
          },
    scormVersion: row.scorm_version,
  };
}

/** A check's question with its options (ids and texts only: never which is correct), in stored order. */
interface LearnerQuestionRow {
  id: number;
  kind: QuestionKind;
  prompt: string;
  options: { id: number; text: string }[];
}

/** The questions and options of a lesson's check in one query, without answers or explanations. */
async function learnerQuestionRows(em: EntityManager, lessonId: number): Promise<LearnerQuestionRow[]> {
  const rows = await readRows<{
    question_id: number;
    kind: QuestionKind;
    prompt: string;
    option_id: number | null;
    option_text: string | null;
  }>(
    em,
    `select qq.id as question_id, qq.kind, qq.prompt, qo.id as option_id, qo.text as option_text
     from quizzes q
     join quiz_questions qq on qq.quiz_id = q.id
     left join quiz_options qo on qo.question_id = qq.id
     where ${inScope("q")} and q.lesson_id = ?
     order by qq.position, qq.id, qo.position, qo.id`,
    [lessonId],
  );
  const questions: LearnerQuestionRow[] = [];
  for (const row of rows) {
    const id = Number(row.question_id);
    let question = questions.at(-1);
    if (question?.id !== id) {
      question = { id, kind: row.kind, prompt: row.prompt, options: [] };
      questions.push(question);
    }
    if (row.option_id !== null && row.option_text !== null) {
      question.options.push({ id: Number(row.option_id), text: row.option_text });
    }
  }
  return questions;
}

/** How one member has done at one check so far. */
interface AttemptSummary {
  attempts: number;
  bestScorePercent: number | null;
  passed: boolean;
}

/** One aggregate over the member's attempts at the lesson's check. */
async function attemptSummaryRow(em: EntityManager, lessonId: number, userId: number): Promise<AttemptSummary> {
  const row = await readRow<{ attempts: unknown; best: number | null; passed: unknown }>(
    em,
    `select count(*) as attempts, max(score_percent) as best,
       max(case when passed then 1 else 0 end) as passed
     from quiz_attempts where ${inScope()} and lesson_id = ? and user_id = ?`,
    [lessonId, userId],
  );
  return {
    attempts: countFromRow(row?.attempts),
    bestScorePercent: row?.best == null ? null : Number(row.best),
    passed: countFromRow(row?.passed) > 0,
  };
}

/** What lessons/get's `quiz` shows a learner: the check's settings, its questions, and how they did so far. */
export interface LearnerQuizRows {
  settings: LessonQuizSettings;
  questions: LearnerQuestionRow[];
  summary: AttemptSummary;
}

/**
 * The learner's rows of a lesson's check (plain rows, decision 0150): none for a lesson without one, and
 * its questions, then the learner's attempts if it has any question.
 */
export async function learnerQuizRows(
  em: EntityManager,
  lessonId: number,
  userId: number,
  settings: LessonQuizSettings | null,
): Promise<LearnerQuizRows | null> {
  if (!settings) return null;
  const questions = await learnerQuestionRows(em, lessonId);
  if (questions.length === 0) return null;
  return { settings, questions, summary: await attemptSummaryRow(em, lessonId, userId) };
}

/** What completing a lesson must know about it: one query. */
export interface LessonCompletionRow {
  courseStatus: CourseStatus;
  requiresSignoff: boolean;
  hasQuiz: boolean;
  /** It plays a SCORM package, whose own completion completes it (docs/decisions/0360). */
  playsPackage: boolean;
  /** When the user first completed it, or null. */
  completedAt: Date | null;
  /** The earliest a completion sent later from a device can be dated (server/platform/api/action-time.ts). */
  courseCreatedAt: Date | null;
}

const LESSON_COMPLETION = `select c.status as course_status, c.created_at as course_created_at, l.requires_signoff, q.id as quiz_id,
    sp.id as scorm_package_id, cp.completed_at
  from lessons l
  join modules m on m.id = l.module_id
  join courses c on c.id = m.course_id
  left join quizzes q on q.lesson_id = l.id
  left join scorm_packages sp on sp.lesson_id = l.id
  left join completions cp on cp.organization_id = l.organization_id and cp.user_id = ? and cp.lesson_id = l.id
  where ${inScope("l")} and l.id = ?`;

interface LessonCompletionSqlRow {
  course_status: CourseStatus;
  requires_signoff: boolean | number;
  quiz_id: number | null;
  scorm_package_id: number | null;
  completed_at: unknown;
  course_created_at: unknown;
}

function lessonCompletionOf(row: LessonCompletionSqlRow | undefined): LessonCompletionRow | undefined {
  if (!row) return undefined;
  return {
    courseStatus: row.course_status,
    requiresSignoff: Boolean(row.requires_signoff),
    hasQuiz: row.quiz_id !== null,
    playsPackage: row.scorm_package_id !== null,
    completedAt: dateFromRow(row.completed_at),
    courseCreatedAt: dateFromRow(row.course_created_at),
  };
}

/** The lesson as completing it must know it, as a step of the completion's plan (platform/db/statement-plan.ts). */
export function* lessonCompletionRow(lessonId: number, userId: number): Plan<LessonCompletionRow | undefined> {
  return lessonCompletionOf((yield* readStep<LessonCompletionSqlRow>(LESSON_COMPLETION, [userId, lessonId]))[0]);
}
