import { BookOpen, FileText } from "lucide-react";
import { useOfflineSnapshot } from "./use-offline.js";

const linkClass =
  "inline-flex min-w-0 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** The offline page's list of courses and lessons that open without a connection (decision 0141). */
export function AvailableOfflineList() {
  const { pages, loaded } = useOfflineSnapshot();
  if (!loaded) return null;
  const courses = pages.filter((page) => page.kind === "course").sort((a, b) => Number(b.saved) - Number(a.saved));
  const lessons = pages.filter((page) => page.kind === "lesson");
  return (
    <section aria-labelledby="available-offline">
      <h2 id="available-offline" className="text-sm font-semibold text-slate-900">
        Available offline
      </h2>
      {pages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No courses yet. Use "Make available offline" on a course page while you are online.
        </p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {[...courses, ...lessons].map((page) => (
            <li key={page.key} className="flex min-w-0 items-center gap-2">
              <a href={page.path} className={linkClass}>
                {page.kind === "course" ? (
                  <BookOpen className="size-4 shrink-0" aria-hidden="true" />
                ) : (
                  <FileText className="size-4 shrink-0" aria-hidden="true" />
                )}
                <span className="truncate">{page.title}</span>
              </a>
              <span className="shrink-0 text-xs text-slate-500">
                {page.kind === "course" ? (page.saved ? "Course, saved" : "Course") : "Lesson"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
