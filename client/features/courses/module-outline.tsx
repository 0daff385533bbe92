import { Link } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Card } from "#client/components/ui/card.js";
import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { WaitingToSync } from "#client/features/offline/waiting-to-sync.js";
import { CompletionIcon } from "./completion-icon.js";
import { lessonsText, progressOf } from "./course-progress.js";
import type { StructureModule } from "./types.js";

/**
 * One module on the course detail page: a collapsible card with its own progress and its lessons as
 * links. Its id lets the lesson page's breadcrumb link straight to it (#module-<id>).
 *
 * A plain disclosure (a button with aria-expanded and aria-controls; the lessons unmounted while closed),
 * not Radix's Collapsible: that one measures its content in a layout effect as it mounts, a forced
 * synchronous layout of the page per module, which on a phone was the course page's largest single cost
 * after React itself (decision 0219).
 */
export function ModuleOutline({
  module,
  position,
  orgSlug,
}: {
  module: StructureModule;
  position: number;
  orgSlug: string;
}) {
  const [open, setOpen] = useState(true);
  const lessonsId = useId();
  const progress = progressOf(module.lessons);
  return (
    <Card id={`module-${module.id}`} className="scroll-mt-20 overflow-hidden">
      {/* The trigger's ::after covers the whole header, so all of it toggles; the progress bar stays
            outside the button, where assistive tech can still reach it. */}
      <div className="relative flex items-start gap-3 px-4 py-4 hover:bg-slate-50 sm:px-5">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-sm font-semibold text-brand-700">
          {position}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h3 className="flex">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={lessonsId}
              data-state={open ? "open" : "closed"}
              onClick={() => setOpen((wasOpen) => !wasOpen)}
              className="group flex min-w-0 flex-1 items-start justify-between gap-3 text-left font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500"
            >
              <span className="min-w-0 break-words">{module.title}</span>
              <ChevronDown
                className="mt-0.5 size-5 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </button>
          </h3>
          <div className="flex items-center gap-3">
            <ProgressBar
              value={progress.percent}
              label={`${module.title} progress`}
              valueText={`${progress.percent}%, ${lessonsText(progress)}`}
              size="sm"
              className="max-w-48"
            />
            <span className="shrink-0 text-xs text-slate-500 tabular-nums">{lessonsText(progress)}</span>
          </div>
        </div>
      </div>
      {open && (
        <div id={lessonsId} data-state="open">
          {module.lessons.length === 0 ? (
            <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-500">No lessons in this module yet.</p>
          ) : (
            <ol className="divide-y divide-slate-100 border-t border-slate-100">
              {module.lessons.map((lesson) => (
                <li key={lesson.id}>
                  <Link
                    to="/$orgSlug/lessons/$lessonId"
                    params={{ orgSlug, lessonId: String(lesson.id) }}
                    className="flex items-center gap-3 px-4 py-3 text-sm text-slate-800 hover:bg-slate-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-5"
                  >
                    <CompletionIcon completed={lesson.isCompleted} />
                    <span className="min-w-0 flex-1 break-words">{lesson.title}</span>
                    <WaitingToSync lessonId={lesson.id} className="shrink-0" />
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Card>
  );
}
