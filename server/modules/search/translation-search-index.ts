import type { TranslationWriteHook } from "#server/modules/translations/index.js";
import type { SearchIndexChange, SqlRunner } from "./search-index.js";
import { plainTextOf } from "./search-text.rules.js";

/**
 * The search rows of translated courses and lessons (`translation_search_documents`, decision 0412), one
 * per translation, written in the same transaction as the translation. Deletes need no call: the rows'
 * foreign keys cascade from the course, the lesson and the organization.
 */

const COLUMNS = "kind, record_id, language, organization_id, course_id, lesson_id, title, body";
const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

interface LessonTranslationRow {
  lesson_id: number;
  language: string;
  organization_id: number;
  course_id: number;
  title: string;
  content: string | null;
}

async function refreshTranslationDocuments(
  db: SqlRunner,
  change: Pick<SearchIndexChange, "courseIds" | "lessonIds">,
): Promise<void> {
  const courseIds = change.courseIds ?? [];
  if (courseIds.length > 0) {
    const list = placeholders(courseIds.length);
    await db.execute(
      `delete from translation_search_documents where kind = 'course' and record_id in (${list})`,
      courseIds,
    );
    await db.execute(
      `insert into translation_search_documents (${COLUMNS})
       select 'course', course_id, language, organization_id, course_id, null, title, coalesce(description, '')
       from course_translations where course_id in (${list})`,
      courseIds,
    );
  }
  const lessonIds = change.lessonIds ?? [];
  if (lessonIds.length > 0) {
    const list = placeholders(lessonIds.length);
    await db.execute(
      `delete from translation_search_documents where kind = 'lesson' and record_id in (${list})`,
      lessonIds,
    );
    const rows = (await db.execute(
      `select t.lesson_id, t.language, t.organization_id, m.course_id, t.title, t.content
       from lesson_translations t join lessons l on l.id = t.lesson_id join modules m on m.id = l.module_id
       where t.lesson_id in (${list})`,
      lessonIds,
    )) as LessonTranslationRow[];
    if (rows.length === 0) return;
    const values = rows.flatMap((row) => [
      "lesson",
      row.lesson_id,
      row.language,
      row.organization_id,
      row.course_id,
      row.lesson_id,
      row.title,
      plainTextOf(row.content),
    ]);
    await db.execute(
      `insert into translation_search_documents (${COLUMNS}) values ${rows.map(() => `(${placeholders(8)})`).join(", ")}`,
      values,
    );
  }
}

/** The search rows follow every translation's save, in its transaction (translations' translationWriteHooks). */
export const searchTranslationHook: TranslationWriteHook = {
  written: (scope, change) => refreshTranslationDocuments(scope.em, change),
};
