import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import type { StructureModule } from "./types.js";

/** Where a learner left off: the first lesson they have not completed, in outline order; null when none is left. */
export function nextLessonOf(modules: readonly StructureModule[]): number | null {
  for (const module of modules) for (const lesson of module.lessons) if (!lesson.isCompleted) return lesson.id;
  return null;
}

export interface ResumeLinkProps {
  orgSlug: string;
  courseTitle: string;
  /** The lesson to open: where the learner left off. */
  lessonId: number;
  /** Some lesson of the course is completed already. */
  started: boolean;
  variant?: "primary" | "outline";
  className?: string;
}

/**
 * "Start" until the first lesson is done, "Continue" once the course is under way: straight to the lesson
 * where the learner left off (My training's rows and the course page).
 */
export function ResumeLink({
  orgSlug,
  courseTitle,
  lessonId,
  started,
  variant = "primary",
  className,
}: ResumeLinkProps) {
  const resume = started ? "Continue" : "Start";
  return (
    <Link
      to="/$orgSlug/lessons/$lessonId"
      params={{ orgSlug, lessonId: String(lessonId) }}
      // The visible word first (WCAG 2.5.3), then which course: a list holds several such links.
      aria-label={`${resume}: ${courseTitle}`}
      className={buttonClassName({ variant, size: "sm", className })}
    >
      {resume}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}
