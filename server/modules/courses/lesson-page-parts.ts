import type { EntityManager } from "@mikro-orm/core";
import { Hooks } from "#server/platform/api/hooks.js";
import type { QuestionKind } from "#shared/schemas/quizzes.js";
import type { LessonQuizSettings } from "./lessons.data.js";

/**
 * The parts of the lesson page (lessons/get) that other modules fill (docs/DESIGN.md §3): its knowledge
 * check, the quizzes module's, registered by server/router.ts. The page names the part's shape; the
 * quizzes module answers with it. One call, where the page made it before: no query or await added on
 * the hot path.
 */

/** The lesson's knowledge check without its answers (docs/SPEC.md §7). */
export interface LessonPageQuiz {
  passPercent: number;
  maxAttempts: number | null;
  questions: { id: number; kind: QuestionKind; prompt: string; options: { id: number; text: string }[] }[];
  attempts: number;
  attemptsLeft: number | null;
  bestScorePercent: number | null;
  passed: boolean;
}

export interface LessonPageParts {
  /** The check as `userId` sees it, from the settings the page's query brought (null: the lesson has none). */
  quizOf(
    em: EntityManager,
    lessonId: number,
    userId: number,
    settings: LessonQuizSettings | null,
  ): Promise<LessonPageQuiz | null>;
}

export const lessonPageParts = new Hooks<LessonPageParts>("lessonPageParts");
