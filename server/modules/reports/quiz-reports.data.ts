import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, placeholders, readRows } from "#server/platform/db/rows.js";
import { countFromRow } from "#server/platform/db/sql-dialect.js";

/**
 * Knowledge checks in the progress reports (docs/SPEC.md §7): for each check of a course (in course order),
 * each member's number of attempts and best score. Two queries for any number of members and courses.
 * SCORM lessons are scored columns too (docs/decisions/0335-scorm-scores-in-the-reports.md): their score in
 * percent (scaled, else raw), attempts counted by package version, "passed" once completed and not failed.
 */

export interface CourseCheck {
  lessonId: number;
  title: string;
}

export interface CheckScore extends CourseCheck {
  attempts: number;
  /** Null until the member submits an attempt. */
  bestScorePercent: number | null;
  passed: boolean;
}

export interface CheckScores {
  /** The course's checks, in course order (the report's columns). */
  checksOf(courseId: number): CourseCheck[];
  /** One entry per check of the course, attempted or not. */
  scoresOf(courseId: number, userId: number): CheckScore[];
}

export async function loadCheckScores(
  em: SqlEntityManager,
  courseIds: readonly number[],
  userId?: number,
): Promise<CheckScores> {
  const checks = new Map<number, CourseCheck[]>();
  const scores = new Map<string, { attempts: number; best: number; passed: boolean }>();
  if (courseIds.length > 0) {
    const checkRows = await readRows<{ course_id: number; lesson_id: number; title: string }>(
      em,
      `select course_id, lesson_id, title from (
         select m.course_id, l.id as lesson_id, l.title, m.order_index as module_order, l.order_index as lesson_order
         from quizzes q join lessons l on l.id = q.lesson_id join modules m on m.id = l.module_id
         where ${inScope("q")} and m.course_id in (${placeholders(courseIds)})
         union all
         select m.course_id, l.id, l.title, m.order_index, l.order_index
         from scorm_packages sp join lessons l on l.id = sp.lesson_id join modules m on m.id = l.module_id
         where ${inScope("sp")} and m.course_id in (${placeholders(courseIds)})
       ) scored
       order by course_id, module_order, lesson_order, lesson_id`,
      [...courseIds, ...courseIds],
    );
    for (const row of checkRows) {
      const list = checks.get(Number(row.course_id)) ?? [];
      list.push({ lessonId: Number(row.lesson_id), title: row.title });
      checks.set(Number(row.course_id), list);
    }
    const lessonIds = checkRows.map((row) => Number(row.lesson_id));
    if (lessonIds.length > 0) {
      const scoreRows = await readRows<{
        user_id: number;
        lesson_id: number;
        attempts: unknown;
        best: unknown;
        passed: unknown;
      }>(
        em,
        `select a.user_id, a.lesson_id, count(a.id) as attempts, max(a.score_percent) as best,
                max(case when a.passed then 1 else 0 end) as passed
         from quiz_attempts a
         where ${inScope("a")}${userId === undefined ? "" : " and a.user_id = ?"}
           and a.lesson_id in (${placeholders(lessonIds)})
         group by a.user_id, a.lesson_id
         union all
         select s.user_id, s.lesson_id, count(distinct s.package_version) as attempts,
                round(max(coalesce(s.score_scaled * 100, s.score_raw))) as best,
                max(case when s.completed and (s.passed is null or s.passed) then 1 else 0 end) as passed
         from scorm_attempts s
         where ${inScope("s")}${userId === undefined ? "" : " and s.user_id = ?"}
           and s.lesson_id in (${placeholders(lessonIds)})
         group by s.user_id, s.lesson_id`,
        [
          ...(userId === undefined ? [] : [userId]),
          ...lessonIds,
          ...(userId === undefined ? [] : [userId]),
          ...lessonIds,
        ],
      );
      for (const row of scoreRows) {
        scores.set(`${Number(row.user_id)}:${Number(row.lesson_id)}`, {
          attempts: countFromRow(row.attempts),
          best: countFromRow(row.best),
          passed: countFromRow(row.passed) > 0,
        });
      }
    }
  }
  return {
    checksOf: (courseId) => checks.get(courseId) ?? [],
    scoresOf: (courseId, memberId) =>
      (checks.get(courseId) ?? []).map((check) => {
        const score = scores.get(`${memberId}:${check.lessonId}`);
        return {
          ...check,
          attempts: score?.attempts ?? 0,
          bestScorePercent: score ? score.best : null,
          passed: score?.passed ?? false,
        };
      }),
  };
}
