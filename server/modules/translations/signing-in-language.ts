import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Lesson } from "#server/modules/courses/index.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import type { ContentLanguage } from "#shared/content-languages.js";
import { TRANSLATION_MESSAGES } from "#shared/schemas/translations.js";
import { LessonTranslation, SignedTranslation } from "./translation.entity.js";
import { lessonSourceTexts } from "./translations.data.js";
import { isOutdated, lessonTextsHash, storedQuestions } from "./translations.rules.js";

/** The translation a signature is given on: its language, its version and the hash of its texts. */
export interface TranslationSigned {
  language: ContentLanguage;
  translationVersion: number;
  contentHash: string;
}

/**
 * lessons/sign with a language (docs/decisions/0411-signing-a-translation.md): only a current translation,
 * at the version the learner read, can be signed. An outdated one is refused: the learner signs the source
 * or waits for the translation to be updated. Called with the lesson locked, before anything is stored.
 */
export async function translationToSign(
  em: SqlEntityManager,
  lesson: Lesson,
  language: ContentLanguage,
  translationVersion: number | undefined,
): Promise<TranslationSigned> {
  const row = await em.findOne(LessonTranslation, { lesson: lesson.id, language }, { refresh: true });
  if (!row) throw fail.notFound(TRANSLATION_MESSAGES.lessonTranslationNotFound);
  if (isOutdated(row, lessonTextsHash(await lessonSourceTexts(em, lesson)))) {
    throw fail.conflict(TRANSLATION_MESSAGES.translationOutdated);
  }
  if (translationVersion === undefined) throw fail.badRequest(TRANSLATION_MESSAGES.translationVersionRequired);
  if (translationVersion !== row.version) throw fail.conflict(TRANSLATION_MESSAGES.translationChanged);
  const translated = { title: row.title, content: row.content, questions: storedQuestions(row.questions) };
  return { language, translationVersion: row.version, contentHash: lessonTextsHash(translated) };
}

/** Records, beside the new signature (unflushed), the translation it was given on. */
export function recordSignedTranslation(
  scope: OrganizationScope,
  signature: SignedTranslation["signature"],
  signed: TranslationSigned,
) {
  return createOwned(scope, SignedTranslation, { signature, ...signed });
}
