import { createFileRoute } from "@tanstack/react-router";
import { LessonPage } from "#client/features/courses/lesson-page.js";
import { lessonQuery, parseId } from "#client/features/courses/queries.js";
import { startRecordQuery, titled, titleOf } from "#client/lib/route-data.js";

/** `?preview=true`: the lesson exactly as a learner sees it, opened from the editor or the course page. */
interface LessonSearch {
  preview?: boolean;
}

export const Route = createFileRoute("/$orgSlug/_org/lessons/$lessonId")({
  validateSearch: (search: Record<string, unknown>): LessonSearch =>
    search.preview === true || search.preview === "true" ? { preview: true } : {},
  // Started by the organization guard together with its own requests (decision 0161).
  staticData: {
    pageQueries: (queryClient, { lessonId = "" }) => startRecordQuery(queryClient, parseId(lessonId), lessonQuery),
  },
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.lessonId);
    return titleOf(id === null ? null : queryClient.ensureQueryData(lessonQuery(id)));
  },
  head: ({ loaderData }) => titled(loaderData?.title),
  component: LessonRoute,
});

function LessonRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  const { preview = false } = Route.useSearch();
  // A new lesson (Next/Previous) is a new page: fresh state, no leftover pending button.
  return <LessonPage key={lessonId} orgSlug={orgSlug} lessonId={parseId(lessonId)} preview={preview} />;
}
