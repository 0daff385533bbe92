import { useId } from "react";
import { Label } from "#client/components/ui/label.js";
import { useCourseStructure } from "#client/features/courses/queries.js";
import { useContentMutations } from "#client/features/courses/use-content-mutations.js";

/**
 * The lesson's module; choosing another moves the lesson to its end, through the same reorder call as a
 * drag on the content page (a move is not an edit of the lesson and does not change its version).
 */
export function ModuleField({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const id = useId();
  const structure = useCourseStructure(courseId);
  const mutations = useContentMutations(courseId);
  const modules = structure.data ?? [];
  const home = modules.find((module) => module.lessons.some((lesson) => lesson.id === lessonId));
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Module</Label>
      <select
        id={id}
        value={home?.id ?? ""}
        disabled={!home}
        onChange={(event) => {
          const target = modules.find((module) => module.id === Number(event.target.value));
          const from = home?.lessons.findIndex((lesson) => lesson.id === lessonId) ?? -1;
          if (!home || !target || target.id === home.id || from < 0) return;
          mutations.moveLesson(
            { moduleId: home.id, index: from },
            { moduleId: target.id, index: target.lessons.length },
          );
        }}
        className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25 disabled:bg-slate-100 sm:text-sm"
      >
        {!home && <option value="">Loading…</option>}
        {modules.map((module) => (
          <option key={module.id} value={module.id}>
            {module.title}
          </option>
        ))}
      </select>
    </div>
  );
}
