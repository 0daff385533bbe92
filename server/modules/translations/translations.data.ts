import type { EntityManager } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, readRows } from "#server/platform/db/rows.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import { CourseTranslation, LessonTranslation } from "./translation.entity.js";
import { type CheckTexts, isOutdated, type LessonTexts, lessonTextsHash } from "./translations.rules.js";

/**
 * The reads of the translations module: the source texts a translation is compared with, and the
 * translations themselves, all in the request's organization (the tenant filter; inScope for raw SQL).
 */

/** Per lesson, its check's questions and options (texts only, never which is correct), in stored order. */
async function checkTextsOfLessons(
  em: EntityManager,
  lessonIds: readonly number[],
): Promise<Map<number, CheckTexts[]>> {
  const byLesson = new Map<number, CheckTexts[]>();
  if (lessonIds.length === 0) return byLesson;
  const rows = await readRows<{
    lesson_id: number;
    question_id: number;
    prompt: string;
    option_id: number | null;
    option_text: string | null;
  }>(
    em,
    `select q.lesson_id, qq.id as question_id, qq.prompt, qo.id as option_id, qo.text as option_text
     from quizzes q
     join quiz_questions qq on qq.quiz_id = q.id
     left join quiz_options qo on qo.question_id = qq.id
     where ${inScope("q")} and q.lesson_id in (${lessonIds.map(() => "?").join(", ")})
     order by q.lesson_id, qq.position, qq.id, qo.position, qo.id`,
    [...lessonIds],
  );
  for (const row of rows) {
    const lessonId = Number(row.lesson_id);
    const questions = byLesson.get(lessonId) ?? [];
    byLesson.set(lessonId, questions);
    const id = Number(row.question_id);
    let question = questions.at(-1);
    if (question?.id !== id) {
      question = { id, prompt: row.prompt, options: [] };
      questions.push(question);
    }
    if (row.option_id !== null && row.option_text !== null) {
      question.options.push({ id: Number(row.option_id), text: row.option_text });
    }
  }
  return byLesson;
}

/** A lesson's source texts as its translations compare with them: its title, content and check. */
export async function lessonSourceTexts(
  em: EntityManager,
  lesson: { id: number; title: string; content: string | null },
): Promise<LessonTexts> {
  const questions = (await checkTextsOfLessons(em, [lesson.id])).get(lesson.id) ?? [];
  return { title: lesson.title, content: lesson.content, questions };
}

/** The lesson's translations, by language. */
export function lessonTranslationsOf(em: SqlEntityManager, lessonId: number) {
  return em.find(LessonTranslation, { lesson: lessonId }, { orderBy: { language: "asc" } });
}

export function courseTranslationsOf(em: SqlEntityManager, courseId: number) {
  return em.find(CourseTranslation, { course: courseId }, { orderBy: { language: "asc" } });
}

/**
 * The titles of a course's lessons in `language`, for those whose translation is current: one query for
 * the translations with their lessons' source, one for their checks.
 */
export async function currentLessonTitlesIn(
  em: EntityManager,
  courseId: number,
  language: ContentLanguage,
): Promise<Map<number, string>> {
  const rows = await readRows<{
    lesson_id: number;
    title: string;
    source_hash: string;
    lesson_title: string;
    lesson_content: string | null;
  }>(
    em,
    `select t.lesson_id, t.title, t.source_hash, l.title as lesson_title, l.content as lesson_content
     from lesson_translations t
     join lessons l on l.id = t.lesson_id and l.organization_id = t.organization_id
     join modules m on m.id = l.module_id and m.organization_id = l.organization_id
     where ${inScope("t")} and m.course_id = ? and t.language = ?`,
    [courseId, language],
  );
  const checks = await checkTextsOfLessons(
    em,
    rows.map((row) => Number(row.lesson_id)),
  );
  const titles = new Map<number, string>();
  for (const row of rows) {
    const lessonId = Number(row.lesson_id);
    const hash = lessonTextsHash({
      title: row.lesson_title,
      content: row.lesson_content,
      questions: checks.get(lessonId) ?? [],
    });
    if (!isOutdated({ sourceHash: row.source_hash }, hash)) titles.set(lessonId, row.title);
  }
  return titles;
}
