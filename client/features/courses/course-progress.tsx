import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { isCourseComplete, progressPercent } from "#shared/progress.js";
import type { StructureModule } from "./types.js";

export interface Progress {
  completed: number;
  total: number;
  percent: number;
}

export function progressOf(lessons: ReadonlyArray<{ isCompleted: boolean }>): Progress {
  const completed = lessons.filter((lesson) => lesson.isCompleted).length;
  return { completed, total: lessons.length, percent: progressPercent(completed, lessons.length) };
}

export function courseProgress(modules: readonly StructureModule[]): Progress {
  return progressOf(modules.flatMap((module) => module.lessons));
}

/** The spec's wording, "<completed> of <total> lessons", kept fixed (also for a total of one). */
export function lessonsText({ completed, total }: Progress): string {
  return `${completed} of ${total} lessons`;
}

/** The course's progress bar with its numbers (docs/SPEC.md §2 "Course detail", §9 rounding). */
export function CourseProgress({ progress }: { progress: Progress }) {
  const text = lessonsText(progress);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900">Your progress</h2>
        <span className="text-2xl font-bold tabular-nums text-slate-900">{progress.percent}%</span>
      </div>
      <ProgressBar value={progress.percent} label="Course progress" valueText={`${progress.percent}%, ${text}`} />
      <p className="flex flex-wrap gap-x-1.5 text-sm text-slate-600">
        <span>{text}</span>
        {progress.total === 0 ? (
          // 100 % is the spec's figure for no lessons (§9), but nothing was learned: not "complete".
          <span className="font-medium text-slate-700">· No lessons yet</span>
        ) : (
          isCourseComplete(progress.completed, progress.total) && (
            <span className="font-medium text-emerald-700">· Course complete</span>
          )
        )}
      </p>
    </div>
  );
}
