import { Link } from "@tanstack/react-router";
import { FilePen } from "lucide-react";

/** The words that say an edit is not live yet; the content page's panel and the editor say the same. */
export const DRAFT_LABEL = "Draft — not visible to learners";

/**
 * The lesson editor's notice on a published course (docs/decisions/0390-course-drafts.md): saves go to
 * the course's draft; learners read the published text until the changes are published.
 */
export function DraftNotice({ orgSlug, courseId }: { orgSlug: string; courseId: number }) {
  return (
    <output className="mt-4 flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <span className="flex items-start gap-2">
        <FilePen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-semibold">{DRAFT_LABEL}.</span> Learners keep reading the published text until the
          changes are published.
        </span>
      </span>
      <Link
        to="/$orgSlug/courses/$courseId/content"
        params={{ orgSlug, courseId: String(courseId) }}
        hash="draft-changes"
        className="shrink-0 rounded font-medium text-amber-900 underline underline-offset-2 hover:text-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        Review and publish changes
      </Link>
    </output>
  );
}
