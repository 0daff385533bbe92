import type { LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import type { EditorQuizView, SubmitResultView } from "#server/modules/quizzes/quizzes.presenter.js";
import type { SaveQuizInput } from "#shared/schemas/quizzes.js";
import type { ApiClient, ApiResponse } from "./client.js";
import { createCourse, createLesson, createModule } from "./course-fixtures.js";
import { ok } from "./org-fixtures.js";

export { THREE_QUESTIONS } from "../../support/quiz-questions.js";

import { THREE_QUESTIONS } from "../../support/quiz-questions.js";

/** Knowledge checks for the API tests (docs/SPEC.md §7), made and taken through the documented REST paths. */

export function saveCheck(api: ApiClient, input: SaveQuizInput): Promise<ApiResponse> {
  return api.post("/_api/quizzes/save", input);
}

/** A published course with one module: "Forklift quiz" (which gets the check) and "Reading" (none). */
export async function courseWithCheck(
  api: ApiClient,
  check: Partial<SaveQuizInput> = {},
  status: "draft" | "published" = "published",
) {
  const course = await createCourse(api, { title: "Forklift licence", status });
  const module = await createModule(api, course.id, "Driving");
  const reading = await createLesson(api, module.id, { title: "Reading" });
  const lesson = await createLesson(api, module.id, { title: "Forklift quiz" });
  const saved = ok<EditorQuizView>(await saveCheck(api, { lessonId: lesson.id, questions: THREE_QUESTIONS, ...check }));
  return { course, module, reading, lesson, check: saved };
}

export function lessonPage(api: ApiClient, lessonId: number): Promise<ApiResponse> {
  return api.get("/_api/lessons/get", { id: String(lessonId) });
}

export function submit(api: ApiClient, lessonId: number, answers: { questionId: number; optionIds: number[] }[]) {
  return api.post("/_api/quizzes/submit", { lessonId, answers });
}

/**
 * Answers to the check: the correct options of every question, except the questions at `wrongAt`, which
 * get the first incorrect option instead.
 */
export function answersTo(check: EditorQuizView, wrongAt: readonly number[] = []) {
  return check.questions.map((question, index) => ({
    questionId: question.id,
    optionIds: wrongAt.includes(index)
      ? [question.options.find((option) => !option.correct)?.id ?? 0]
      : question.options.filter((option) => option.correct).map((option) => option.id),
  }));
}

export async function submitOk(api: ApiClient, lessonId: number, answers: Parameters<typeof submit>[2]) {
  return ok<SubmitResultView>(await submit(api, lessonId, answers));
}

export async function learnerCheck(api: ApiClient, lessonId: number) {
  return ok<LessonPageView>(await lessonPage(api, lessonId)).quiz;
}
