import type { SqlEntityManager } from "@mikro-orm/knex";
import { signoffStatusOf } from "#server/modules/signoff/index.js";
import { inScope, placeholders, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { SignoffStatus } from "#shared/schemas/signoffs.js";

/**
 * Sign-off standing in the progress reports (docs/decisions/0103-signoff-in-reports.md): per
 * sign-off lesson, whether a member signed the current version, an outdated one, or none. Progress
 * already counts only current signatures (decision 0101); these say *why* a lesson is still open.
 */

/** A sign-off lesson of one of the reported courses, in course order. */
interface SignoffLessonRow {
  lessonId: number;
  courseId: number;
  title: string;
  /** The edit version of its latest material change: signatures below it are outdated. */
  materialVersion: number;
}

/**
 * Per course, its sign-off lessons in the order the course shows them (none: not in the map), each with
 * its latest material version: one plain-row query (decision 0150).
 */
async function signoffLessonsOf(
  em: SqlEntityManager,
  courseIds: readonly number[],
): Promise<Map<number, SignoffLessonRow[]>> {
  const byCourse = new Map<number, SignoffLessonRow[]>();
  if (courseIds.length === 0) return byCourse;
  const rows = await readRows<{ lesson_id: number; course_id: number; title: string; material_version: number | null }>(
    em,
    `select l.id as lesson_id, m.course_id, l.title, max(v.version) as material_version
     from lessons l join modules m on m.id = l.module_id
     left join lesson_versions v on v.lesson_id = l.id and v.change = 'material'
     where ${inScope("l")} and l.requires_signoff and m.course_id in (${placeholders(courseIds)})
     group by l.id, m.course_id, l.title, m.order_index, m.id, l.order_index
     order by m.order_index, m.id, l.order_index, l.id`,
    courseIds,
  );
  for (const row of rows) {
    const courseId = Number(row.course_id);
    const lessons = byCourse.get(courseId) ?? [];
    byCourse.set(courseId, lessons);
    lessons.push({
      lessonId: Number(row.lesson_id),
      courseId,
      title: row.title,
      materialVersion: row.material_version === null ? 0 : Number(row.material_version),
    });
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

/** A member's signature of a lesson at its highest version (the first such, by id). */
interface LatestSignature {
  version: number;
  signedAt: Date | null;
}

/** Per member, per lesson, their latest signature of these lessons (`userId`: only theirs), in one query. */
async function latestSignatures(
  em: SqlEntityManager,
  lessonIds: readonly number[],
  userId?: number,
): Promise<Map<number, Map<number, LatestSignature>>> {
  const byUser = new Map<number, Map<number, LatestSignature>>();
  if (lessonIds.length === 0) return byUser;
  const rows = await readRows<{ user_id: number; lesson_id: number; version: number; signed_at: unknown }>(
    em,
    `select user_id, lesson_id, version, signed_at from signatures
     where ${inScope()} and lesson_id in (${placeholders(lessonIds)})${
       userId === undefined ? " and user_id is not null" : " and user_id = ?"
     }
     order by id`,
    [...lessonIds, ...(userId === undefined ? [] : [userId])],
  );
  for (const row of rows) {
    const signer = Number(row.user_id);
    const latest = byUser.get(signer) ?? new Map<number, LatestSignature>();
    byUser.set(signer, latest);
    const lessonId = Number(row.lesson_id);
    const version = Number(row.version);
    const known = latest.get(lessonId);
    if (!known || version > known.version) latest.set(lessonId, { version, signedAt: dateFromRow(row.signed_at) });
  }
  return byUser;
}

/** A member's standing with each of these sign-off lessons, from their latest signatures. */
function signoffViews(
  lessons: readonly SignoffLessonRow[],
  latest: ReadonlyMap<number, LatestSignature> | undefined,
): MemberSignoffView[] {
  return lessons.map((lesson) => {
    const signature = latest?.get(lesson.lessonId);
    return {
      lessonId: lesson.lessonId,
      lessonTitle: lesson.title,
      status: signoffStatusOf(lesson.materialVersion, signature?.version ?? null),
      signedVersion: signature?.version ?? null,
      signedAt: signature?.signedAt ?? null,
    };
  });
}

/** One member's standing with every sign-off lesson of these courses, by course. */
export async function memberSignoffs(
  em: SqlEntityManager,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, MemberSignoffView[]>> {
  const lessons = await signoffLessonsOf(em, courseIds);
  const lessonIds = [...lessons.values()].flat().map((lesson) => lesson.lessonId);
  const latest = (await latestSignatures(em, lessonIds, userId)).get(userId);
  return new Map([...lessons].map(([courseId, rows]) => [courseId, signoffViews(rows, latest)]));
}

/** A course's sign-off lessons, and each member's standing with them. */
export interface CourseSignoffs {
  lessons: SignoffLessonRow[];
  of: (userId: number) => MemberSignoffView[];
}

/** Everyone's standing with one course's sign-off lessons (the course report, decision 0103): two queries. */
export async function courseSignoffs(em: SqlEntityManager, courseId: number): Promise<CourseSignoffs> {
  const lessons = (await signoffLessonsOf(em, [courseId])).get(courseId) ?? [];
  const latest = await latestSignatures(
    em,
    lessons.map((lesson) => lesson.lessonId),
  );
  return { lessons, of: (userId) => signoffViews(lessons, latest.get(userId)) };
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

/** Per course with sign-off lessons, how many it has, and per member how many they signed (current, outdated). */
export interface SignoffCountsIndex {
  signoffLessons: Map<number, number>;
  /** course id → user id → the member's counts, for members with at least one signature. */
  counts: Map<number, Map<number, MatrixSignoffTuple>>;
}

/**
 * The sign-off counts of these courses, in two queries and one aggregate whatever the matrix's size: the
 * sign-off lessons with their material versions, and each member's highest signed version per lesson.
 */
export async function loadSignoffCounts(
  em: SqlEntityManager,
  courseIds: readonly number[],
): Promise<SignoffCountsIndex> {
  const lessons = await signoffLessonsOf(em, courseIds);
  const index: SignoffCountsIndex = { signoffLessons: new Map(), counts: new Map() };
  for (const [courseId, rows] of lessons) index.signoffLessons.set(courseId, rows.length);
  const byLesson = new Map([...lessons.values()].flat().map((lesson) => [lesson.lessonId, lesson]));
  if (byLesson.size === 0) return index;

  const lessonIds = [...byLesson.keys()];
  const rows = await readRows<{ user_id: number; lesson_id: number; version: number }>(
    em,
    `select user_id, lesson_id, max(version) as version from signatures
     where ${inScope()} and user_id is not null and lesson_id in (${placeholders(lessonIds)})
     group by user_id, lesson_id`,
    lessonIds,
  );
  for (const row of rows) {
    const lesson = byLesson.get(Number(row.lesson_id));
    if (!lesson) continue;
    const userId = Number(row.user_id);
    const ofCourse = index.counts.get(lesson.courseId) ?? new Map<number, MatrixSignoffTuple>();
    index.counts.set(lesson.courseId, ofCourse);
    const entry = ofCourse.get(userId) ?? [userId, lesson.courseId, 0, 0];
    ofCourse.set(userId, entry);
    if (signoffStatusOf(lesson.materialVersion, Number(row.version)) === "signed") entry[2] += 1;
    else entry[3] += 1;
  }
  return index;
}

/** The member must (re-)sign at least one of the course's sign-off lessons: some are outdated or not signed. */
export function needsSigning(index: SignoffCountsIndex, userId: number, courseId: number): boolean {
  const total = index.signoffLessons.get(courseId) ?? 0;
  return total > 0 && (index.counts.get(courseId)?.get(userId)?.[2] ?? 0) < total;
}

/** The matrix's sign-off fields for the cells and courses it shows. */
export function matrixSignoffsOf(
  index: SignoffCountsIndex,
  cells: readonly (readonly [userId: number, courseId: number, ...rest: unknown[]])[],
  courseIdsShown: readonly number[],
): MatrixSignoffs {
  const signoffLessons: Record<number, number> = {};
  for (const courseId of courseIdsShown) {
    const total = index.signoffLessons.get(courseId);
    if (total !== undefined) signoffLessons[courseId] = total;
  }
  const signoffs: MatrixSignoffTuple[] = [];
  if (index.counts.size === 0) return { signoffLessons, signoffs };
  for (const [userId, courseId] of cells) {
    const entry = index.counts.get(courseId)?.get(userId);
    // A copy: a user listed twice (member and former member) must not put one array twice in the answer.
    if (entry) signoffs.push([...entry]);
  }
  return { signoffLessons, signoffs };
}
