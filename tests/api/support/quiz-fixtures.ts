import type { LessonPageView } from "#server/presenters/lessons.js";
import type { EditorQuizView, SubmitResultView } from "#server/presenters/quizzes.js";
import type { SaveQuizInput } from "#shared/schemas/quizzes.js";
import type { ApiClient, ApiResponse } from "./client.js";
import { createCourse, createLesson, createModule } from "./course-fixtures.js";
import { ok } from "./org-fixtures.js";

/** Knowledge checks for the API tests (issue 13), made and taken through the documented REST paths. */

/** Three questions, one of each kind; the first option named in each comment is the correct answer. */
export const THREE_QUESTIONS: SaveQuizInput["questions"] = [
  {
    kind: "single",
    prompt: "Which fork height is safe to drive at?",
    explanation: "Just above the floor: the load stays stable.",
    options: [
      { text: "Low", correct: true },
      { text: "Chest high", correct: false },
      { text: "Fully raised", correct: false },
    ],
  },
  {
    kind: "multiple",
    prompt: "What do you check before every shift?",
    explanation: "Brakes and horn both; the radio is optional.",
    options: [
      { text: "Brakes", correct: true },
      { text: "Horn", correct: true },
      { text: "Radio", correct: false },
    ],
  },
  {
    kind: "true_false",
    prompt: "Passengers may ride on the forks.",
    explanation: "Never: nobody rides on the forks.",
    options: [
      { text: "True", correct: false },
      { text: "False", correct: true },
    ],
  },
];

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
