import { createHash } from "node:crypto";
import { fail } from "#server/platform/http/errors.js";
import { TRANSLATION_MESSAGES, type TranslatedQuestion } from "#shared/schemas/translations.js";

/**
 * What makes a translation current (docs/decisions/0410-translations-as-versions.md), pure. A translation
 * records the hash of the source it translated; it is out of date once the source's hash differs. Until
 * document control tells material changes from minor ones, any change of the translated texts counts.
 */

/** A knowledge check's texts: each question's prompt and its options' texts, by id. */
export interface CheckTexts {
  id: number;
  prompt: string;
  options: { id: number; text: string }[];
}

/** The texts a lesson translation translates. */
export interface LessonTexts {
  title: string;
  content: string | null;
  questions: readonly CheckTexts[];
}

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");
const byId = <T extends { id: number }>(items: readonly T[]) => [...items].sort((a, b) => a.id - b.id);

/** SHA-256 of a lesson's texts; questions and options by id, so a shuffled check hashes the same. */
export function lessonTextsHash(texts: LessonTexts): string {
  const questions = byId(texts.questions).map((question) => [
    question.id,
    question.prompt,
    byId(question.options).map((option) => [option.id, option.text]),
  ]);
  return sha256([texts.title, texts.content ?? "", questions]);
}

/** SHA-256 of a course's title and description. */
export function courseTextsHash(texts: { title: string; description: string | null }): string {
  return sha256([texts.title, texts.description ?? ""]);
}

export const isOutdated = (translation: { sourceHash: string }, currentHash: string) =>
  translation.sourceHash !== currentHash;

/**
 * The translated questions, each naming a question of the check and only its options: a stale editor is
 * refused whole. Kept in the check's order.
 */
export function checkedTranslatedQuestions(
  translated: readonly TranslatedQuestion[],
  check: readonly CheckTexts[],
): TranslatedQuestion[] {
  const order = new Map(check.map((question, index) => [question.id, index]));
  const optionsOf = new Map(check.map((question) => [question.id, new Set(question.options.map((o) => o.id))]));
  const seen = new Set<number>();
  for (const question of translated) {
    const options = optionsOf.get(question.id);
    if (!options || seen.has(question.id)) throw fail.badRequest(TRANSLATION_MESSAGES.questionNotInCheck);
    seen.add(question.id);
    const seenOptions = new Set<number>();
    for (const option of question.options) {
      if (!options.has(option.id) || seenOptions.has(option.id)) {
        throw fail.badRequest(TRANSLATION_MESSAGES.questionNotInCheck);
      }
      seenOptions.add(option.id);
    }
  }
  return [...translated].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * A check's questions (in the order given, shuffled or not) in the translation's words where it has them,
 * the source's otherwise; everything else about each question is kept.
 */
export function translatedCheck<Question extends CheckTexts>(
  questions: readonly Question[],
  translated: readonly TranslatedQuestion[],
): Question[] {
  const byQuestion = new Map(translated.map((question) => [question.id, question]));
  return questions.map((question) => {
    const words = byQuestion.get(question.id);
    if (!words) return question;
    const optionWords = new Map(words.options.map((option) => [option.id, option.text]));
    return {
      ...question,
      prompt: words.prompt,
      options: question.options.map((option) => ({ ...option, text: optionWords.get(option.id) ?? option.text })),
    };
  });
}

/** The stored questions of a translation (its `questions` column). */
export function storedQuestions(json: string): TranslatedQuestion[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as TranslatedQuestion[]) : [];
}
