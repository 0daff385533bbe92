import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { RefreshCw } from "lucide-react";
import { RESIGN_LABEL } from "#shared/signoff-texts.js";
import { mySignoffsQuery } from "./queries.js";

/**
 * The sign-off lessons the caller signed before a material change (decision 0102): "Updated — review and sign
 * again", each linking to the lesson. On My training (all courses) and the course page (`courseId`).
 */
export function ResignNotice({ orgSlug, courseId }: { orgSlug: string; courseId?: number }) {
  const mine = useQuery(mySignoffsQuery(courseId));
  const outdated = (mine.data ?? []).filter((lesson) => lesson.status === "outdated");
  if (outdated.length === 0) return null;
  return (
    <section
      aria-label={RESIGN_LABEL}
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
        {RESIGN_LABEL}
      </h2>
      <ul className="mt-1.5 flex flex-col gap-1 pl-6">
        {outdated.map((lesson) => (
          <li key={lesson.lessonId} className="min-w-0">
            <Link
              to="/$orgSlug/lessons/$lessonId"
              params={{ orgSlug, lessonId: String(lesson.lessonId) }}
              className="font-medium break-words text-amber-900 underline underline-offset-2 hover:text-amber-700"
            >
              {lesson.lessonTitle}
            </Link>
            {courseId === undefined && <span className="text-amber-800"> — {lesson.courseTitle}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
