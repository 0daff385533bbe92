import { CalendarClock } from "lucide-react";
import { cn } from "#client/lib/cn.js";
import { formatDueDate } from "./deadline.js";

/** What a course asks of its audience, as the course list and course page have it. */
export interface CourseSetupFacts {
  required: boolean;
  dueDate: string | null;
  dueDays: number | null;
  tags: ReadonlyArray<{ name: string }>;
}

/**
 * "Required for Kitchen, Chef · Due Jun 30, 2030": who the course is for and by when, as its managers set
 * it up (decision 0040: its tags' members, or everyone when it has none; plus people named on its page).
 */
function courseSetupText(course: CourseSetupFacts): string {
  const audience = course.tags.length === 0 ? "everyone" : course.tags.map((tag) => tag.name).join(", ");
  const kind = `${course.required ? "Required" : "Optional"} for ${audience}`;
  if (!course.required) return kind;
  if (course.dueDate !== null) return `${kind} · Due ${formatDueDate(course.dueDate)}`;
  if (course.dueDays !== null) {
    return `${kind} · Due ${course.dueDays} ${course.dueDays === 1 ? "day" : "days"} after joining`;
  }
  return `${kind} · No deadline`;
}

/**
 * For the admins and managers who set the course up (docs/DESIGN.md §6, "training.assign"): its audience
 * and deadline, which the learner's own note ("Not assigned to you") does not tell them.
 */
export function CourseSetupNote({ course, className }: { course: CourseSetupFacts; className?: string }) {
  return (
    <p
      className={cn(
        "flex items-start gap-1.5 font-medium break-words",
        course.required ? "text-brand-700" : "text-slate-600",
        className,
      )}
    >
      <CalendarClock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{courseSetupText(course)}</span>
    </p>
  );
}
