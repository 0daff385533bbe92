import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FileSignature } from "lucide-react";
import { mySignoffsQuery } from "./queries.js";

/** On a course's report: its sign-off lessons, each linking to its sign-off report (docs/SPEC.md §7). */
export function SignoffReportLinks({ orgSlug, courseId }: { orgSlug: string; courseId: number }) {
  const lessons = useQuery(mySignoffsQuery(courseId));
  if (!lessons.data || lessons.data.length === 0) return null;
  return (
    <section aria-label="Sign-off reports" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <FileSignature className="size-4 text-brand-600" aria-hidden="true" />
        Sign-off reports
      </h2>
      <ul className="mt-2 flex flex-col gap-1 pl-6">
        {lessons.data.map((lesson) => (
          <li key={lesson.lessonId}>
            <Link
              to="/$orgSlug/reports/signoffs/$lessonId"
              params={{ orgSlug, lessonId: String(lesson.lessonId) }}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {lesson.lessonTitle}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
