import type { SqlEntityManager } from "@mikro-orm/knex";
import type { SignoffStatus } from "#shared/schemas/signoffs.js";
import { Lesson, Signature } from "./entities/index.js";
import { readRows } from "./read-models/rows.js";
import { materialVersions, signoffStatusOf } from "./signoffs.js";

/**
 * Sign-off standing in the progress reports (issue 12, docs/decisions/0103-signoff-in-reports.md): per
 * sign-off lesson, whether a member signed the current version, an outdated one, or none. Progress
 * already counts only current signatures (decision 0101); these say *why* a lesson is still open.
 */

/** A sign-off lesson of one of the reported courses, in course order. */
export interface SignoffLessonRow {
  lessonId: number;
  courseId: number;
  title: string;
  /** The edit version of its latest material change: signatures below it are outdated. */
  materialVersion: number;
}

/** Per course, its sign-off lessons in the order the course shows them (none: not in the map). */
export async function signoffLessonsOf(
  em: SqlEntityManager,
  courseIds: readonly number[],
): Promise<Map<number, SignoffLessonRow[]>> {
  const byCourse = new Map<number, SignoffLessonRow[]>();
  if (courseIds.length === 0) return byCourse;
  const lessons = await em.find(
    Lesson,
    { requiresSignoff: true, module: { course: { $in: [...courseIds] } } },
    { populate: ["module"], orderBy: { module: { orderIndex: "asc", id: "asc" }, orderIndex: "asc", id: "asc" } },
  );
  const material = await materialVersions(
    em,
    lessons.map((lesson) => lesson.id),
  );
  for (const lesson of lessons) {
    const courseId = lesson.module.course.id;
    const rows = byCourse.get(courseId) ?? [];
    byCourse.set(courseId, rows);
    rows.push({ lessonId: lesson.id, courseId, title: lesson.title, materialVersion: material.get(lesson.id) ?? 0 });
  }
  return byCourse;
}

/** A member's standing with one sign-off lesson, as the member report shows it. */
export interface MemberSignoffView {
  lessonId: number;
  lessonTitle: string;
  status: SignoffStatus;
  /** The lesson version of their latest signature, if any. */
  signedVersion: number | null;
  signedAt: Date | null;
}

/** One member's standing with every sign-off lesson of these courses, by course. */
export async function memberSignoffs(
  em: SqlEntityManager,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, MemberSignoffView[]>> {
  const lessons = await signoffLessonsOf(em, courseIds);
  const lessonIds = [...lessons.values()].flat().map((lesson) => lesson.lessonId);
  const latest = new Map<number, Signature>();
  if (lessonIds.length > 0) {
    for (const row of await em.find(Signature, { user: userId, lesson: { $in: lessonIds } })) {
      const lessonId = row.lesson?.id;
      if (lessonId === undefined) continue;
      const known = latest.get(lessonId);
      if (!known || row.version > known.version) latest.set(lessonId, row);
    }
  }
  const byCourse = new Map<number, MemberSignoffView[]>();
  for (const [courseId, rows] of lessons) {
    byCourse.set(
      courseId,
      rows.map((lesson) => {
        const signature = latest.get(lesson.lessonId);
        return {
          lessonId: lesson.lessonId,
          lessonTitle: lesson.title,
          status: signoffStatusOf(lesson.materialVersion, signature?.version ?? null),
          signedVersion: signature?.version ?? null,
          signedAt: signature?.signedAt ?? null,
        };
      }),
    );
  }
  return byCourse;
}

/** Adds each course's sign-off standing to the member report's courses (an empty list: none). */
export async function withMemberSignoffs<Course extends { courseId: number }>(
  em: SqlEntityManager,
  userId: number,
  courses: Course[],
): Promise<(Course & { signoffs: MemberSignoffView[] })[]> {
  const standings = await memberSignoffs(
    em,
    userId,
    courses.map((course) => course.courseId),
  );
  return courses.map((course) => ({ ...course, signoffs: standings.get(course.courseId) ?? [] }));
}

/**
 * The matrix's sign-off counts, sparse: `[userId, courseId, signed, outdated]` for each member with at
 * least one signature in a course that has sign-off lessons. A cell of such a course without an entry
 * has signed nothing; "not signed" is the course's `signoffLessons` less both counts.
 */
export type MatrixSignoffTuple = [userId: number, courseId: number, signed: number, outdated: number];

export interface MatrixSignoffs {
  /** Per course with sign-off lessons: how many it has. */
  signoffLessons: Record<number, number>;
  signoffs: MatrixSignoffTuple[];
}

/**
 * The sign-off counts of the matrix's cells, in two queries and one aggregate whatever its size: the
 * sign-off lessons of its courses, their material versions, and each member's highest signed version
 * per lesson.
 */
export async function matrixSignoffs(
  em: SqlEntityManager,
  organizationId: number,
  cells: readonly (readonly [userId: number, courseId: number, ...rest: unknown[]])[],
  courseIds: readonly number[],
): Promise<MatrixSignoffs> {
  const lessons = await signoffLessonsOf(em, courseIds);
  const signoffLessons: Record<number, number> = {};
  for (const [courseId, rows] of lessons) signoffLessons[courseId] = rows.length;
  const byLesson = new Map([...lessons.values()].flat().map((lesson) => [lesson.lessonId, lesson]));
  if (byLesson.size === 0) return { signoffLessons, signoffs: [] };

  const lessonIds = [...byLesson.keys()];
  const rows = await readRows<{ user_id: number; lesson_id: number; version: number }>(
    em,
    `select user_id, lesson_id, max(version) as version from signatures
     where organization_id = ? and user_id is not null and lesson_id in (${lessonIds.map(() => "?").join(", ")})
     group by user_id, lesson_id`,
    [organizationId, ...lessonIds],
  );
  const counts = new Map<string, MatrixSignoffTuple>();
  for (const row of rows) {
    const lesson = byLesson.get(Number(row.lesson_id));
    if (!lesson) continue;
    const userId = Number(row.user_id);
    const key = `${userId}:${lesson.courseId}`;
    const entry = counts.get(key) ?? [userId, lesson.courseId, 0, 0];
    counts.set(key, entry);
    if (signoffStatusOf(lesson.materialVersion, Number(row.version)) === "signed") entry[2] += 1;
    else entry[3] += 1;
  }
  // Only the cells the matrix shows: a status filter may have dropped some.
  const signoffs: MatrixSignoffTuple[] = [];
  for (const [userId, courseId] of cells) {
    const entry = counts.get(`${userId}:${courseId}`);
    if (entry) signoffs.push(entry);
  }
  return { signoffLessons, signoffs };
}
