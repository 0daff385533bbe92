import { plainTextOf } from "./search-text.rules.js";

/**
 * Writes the search index's rows (`search_documents`, docs/decisions/0060-full-text-search.md): one per
 * course (title, description), module (title, description) and lesson (title, text without markup).
 * The same SQL on both databases; each database's own index follows the rows (server/modules/search/search-dialect.ts).
 *
 * Every write that changes a title, description or lesson text calls `refreshSearchIndex` after its
 * flush, inside its transaction, so the index changes with the content or not at all. Deletes need no
 * call: the rows' foreign keys cascade from the course, module, lesson and organization. Moves need none
 * either: a lesson's row names its course, never its module, and lessons move within their course.
 */

/** What runs SQL in the caller's transaction: a request's entity manager, or a migration. */
export interface SqlRunner {
  execute(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface SearchIndexChange {
  courseIds?: number[];
  moduleIds?: number[];
  lessonIds?: number[];
}

/** Ids per statement: well under either database's limit on bound parameters. */
const BATCH = 200;

const COLUMNS = "kind, record_id, organization_id, course_id, module_id, lesson_id, title, body";

function inBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let at = 0; at < items.length; at += BATCH) batches.push(items.slice(at, at + BATCH));
  return batches;
}

const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

interface LessonRow {
  id: number;
  organization_id: number;
  course_id: number;
  title: string;
  content: string | null;
}

const LESSON_ROWS = `
  select l.id, l.organization_id, m.course_id, l.title, l.content
  from lessons l join modules m on m.id = l.module_id`;

async function insertLessonDocuments(db: SqlRunner, lessons: LessonRow[]): Promise<void> {
  if (lessons.length === 0) return;
  const values = lessons.flatMap((lesson) => [
    "lesson",
    lesson.id,
    lesson.organization_id,
    lesson.course_id,
    null,
    lesson.id,
    lesson.title,
    plainTextOf(lesson.content),
  ]);
  const rows = lessons.map(() => `(${placeholders(8)})`).join(", ");
  await db.execute(`insert into search_documents (${COLUMNS}) values ${rows}`, values);
}

async function insertCourseDocuments(db: SqlRunner, where: string, params: unknown[]): Promise<void> {
  await db.execute(
    `insert into search_documents (${COLUMNS})
     select 'course', id, organization_id, id, null, null, title, coalesce(description, '') from courses ${where}`,
    params,
  );
}

async function insertModuleDocuments(db: SqlRunner, where: string, params: unknown[]): Promise<void> {
  await db.execute(
    `insert into search_documents (${COLUMNS})
     select 'module', id, organization_id, course_id, id, null, title, coalesce(description, '') from modules ${where}`,
    params,
  );
}

/**
 * Rewrites the rows of these courses, modules and lessons from what the tables hold now (flush first).
 * An id that no longer exists leaves no row.
 */
export async function refreshSearchIndex(db: SqlRunner, change: SearchIndexChange): Promise<void> {
  const remove = (kind: string, ids: number[]) =>
    db.execute(`delete from search_documents where kind = ? and record_id in (${placeholders(ids.length)})`, [
      kind,
      ...ids,
    ]);
  for (const ids of inBatches(change.courseIds ?? [])) {
    await remove("course", ids);
    await insertCourseDocuments(db, `where id in (${placeholders(ids.length)})`, ids);
  }
  for (const ids of inBatches(change.moduleIds ?? [])) {
    await remove("module", ids);
    await insertModuleDocuments(db, `where id in (${placeholders(ids.length)})`, ids);
  }
  for (const ids of inBatches(change.lessonIds ?? [])) {
    await remove("lesson", ids);
    const lessons = (await db.execute(
      `${LESSON_ROWS} where l.id in (${placeholders(ids.length)})`,
      ids,
    )) as LessonRow[];
    await insertLessonDocuments(db, lessons);
  }
}

/** The course with all its modules and lessons: for a course written whole, such as a copy of another. */
export async function indexCourseContent(db: SqlRunner, courseId: number): Promise<void> {
  const modules = (await db.execute("select id from modules where course_id = ?", [courseId])) as { id: number }[];
  const lessons = (await db.execute(
    "select l.id from lessons l join modules m on m.id = l.module_id where m.course_id = ?",
    [courseId],
  )) as { id: number }[];
  await refreshSearchIndex(db, {
    courseIds: [courseId],
    moduleIds: modules.map((row) => row.id),
    lessonIds: lessons.map((row) => row.id),
  });
}

/** Every row again from the tables: the migration that creates the index, and bulk loads, end with this. */
export async function rebuildSearchIndex(db: SqlRunner): Promise<void> {
  await db.execute("delete from search_documents");
  await insertCourseDocuments(db, "", []);
  await insertModuleDocuments(db, "", []);
  let after = 0;
  for (;;) {
    const lessons = (await db.execute(`${LESSON_ROWS} where l.id > ? order by l.id limit ${BATCH}`, [
      after,
    ])) as LessonRow[];
    if (lessons.length === 0) break;
    await insertLessonDocuments(db, lessons);
    after = lessons[lessons.length - 1]?.id ?? after;
  }
}
