import { createFileRoute } from "@tanstack/react-router";
import { LessonPage } from "#client/features/courses/lesson-page.js";
import { parseId } from "#client/features/courses/queries.js";
import { loadRecordPage, startRecordQuery } from "#client/lib/page-loads.js";
import { titled } from "#client/lib/route-data.js";

/** `?preview=true`: the lesson exactly as a learner sees it, opened from the editor or the course page. */
interface LessonSearch {
  preview?: boolean;
}

/**
 * What this page reads first is declared in shared/page-queries.ts (`lesson`), which the server reads too
 * to answer those calls in the page's HTML (decision 0285).
 */
export const Route = createFileRoute("/$orgSlug/_org/lessons/$lessonId")({
  validateSearch: (search: Record<string, unknown>): LessonSearch =>
    search.preview === true || search.preview === "true" ? { preview: true } : {},
  // Started by the organization guard together with its own requests (decision 0161).
  staticData: { pageQueries: startRecordQuery("lesson") },
  loader: ({ context: { queryClient, organization }, params }) =>
    loadRecordPage(queryClient, "lesson", params, organization.role),
  head: ({ loaderData }) => titled(loaderData?.title),
  component: LessonRoute,
});

function LessonRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  const { preview = false } = Route.useSearch();
  // A new lesson (Next/Previous) is a new page: fresh state, no leftover pending button.
  return <LessonPage key={lessonId} orgSlug={orgSlug} lessonId={parseId(lessonId)} preview={preview} />;
}
