import { z } from "zod";
import { id, text } from "./common.js";
import { contentLanguageField } from "./content-languages.js";
import {
  courseIdField,
  courseTitleField,
  descriptionField,
  lessonContentField,
  lessonIdField,
  lessonTitleField,
} from "./courses.js";
import { QUIZ_LIMITS } from "./quizzes.js";

/**
 * Translated content (docs/decisions/0410-translations-as-versions.md): a course's title and description
 * and a lesson's title, content and knowledge check in another language, each knowing the source it
 * translates, so that it goes out of date when the source changes.
 */

export const TRANSLATION_MESSAGES = {
  lessonTranslationNotFound: "This lesson has no translation in that language.",
  translationOutdated:
    "This translation is out of date: its source lesson changed since. Sign the lesson in its source language, or wait until the translation is updated.",
  translationChanged: "The translation changed since you opened it. Read it again before signing.",
  translationVersionRequired: "Signing a translation needs the translation's version, as lessons/get answered it.",
  questionNotInCheck: "A translated question or option is not in this lesson's knowledge check. Reload and try again.",
  promptRequired: "Each translated question needs its text.",
  promptTooLong: `A question can be at most ${QUIZ_LIMITS.promptMax} characters.`,
  optionTextRequired: "Each translated option needs its text.",
  optionTextTooLong: `An option can be at most ${QUIZ_LIMITS.optionTextMax} characters.`,
  tooManyQuestions: `A check has at most ${QUIZ_LIMITS.questionsMax} questions.`,
  tooManyOptions: `A question has at most ${QUIZ_LIMITS.optionsMax} options.`,
} as const;

const M = TRANSLATION_MESSAGES;

const questionIdField = id("Question ID must be a positive number.");
const optionIdField = id("Option ID must be a positive number.");

/** A question of the lesson's check in the translation's language: its id, its text and its options' texts. */
const translatedQuestionField = z.object({
  id: questionIdField,
  prompt: text({ error: M.promptRequired }).trim().min(1, M.promptRequired).max(QUIZ_LIMITS.promptMax, M.promptTooLong),
  options: z
    .array(
      z.object({
        id: optionIdField,
        text: text({ error: M.optionTextRequired })
          .trim()
          .min(1, M.optionTextRequired)
          .max(QUIZ_LIMITS.optionTextMax, M.optionTextTooLong),
      }),
    )
    .max(QUIZ_LIMITS.optionsMax, M.tooManyOptions)
    .default([]),
});
export type TranslatedQuestion = z.output<typeof translatedQuestionField>;

/** `POST /_api/lessons/translations/save`: replaces the lesson's translation into `language` whole. */
export const saveLessonTranslationInput = z.object(
  {
    lessonId: lessonIdField,
    language: contentLanguageField,
    title: lessonTitleField,
    content: lessonContentField,
    /** The check's questions and options in this language; those left out are shown in the source's words. */
    questions: z.array(translatedQuestionField).max(QUIZ_LIMITS.questionsMax, M.tooManyQuestions).default([]),
  },
  { error: "Lesson ID must be a positive number." },
);

export const lessonTranslationsInput = z.object(
  { lessonId: lessonIdField },
  { error: "Lesson ID must be a positive number." },
);

/** `POST /_api/courses/translations/save`: the course's title and description in `language`. */
export const saveCourseTranslationInput = z.object(
  { courseId: courseIdField, language: contentLanguageField, title: courseTitleField, description: descriptionField },
  { error: "Course ID must be a positive number." },
);
