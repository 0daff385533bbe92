import { createFileRoute } from "@tanstack/react-router";
import { LessonPage } from "#client/features/courses/lesson-page.js";
import { lessonQuery, parseId } from "#client/features/courses/queries.js";
import { titled, titleOf } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/lessons/$lessonId")({
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.lessonId);
    return titleOf(id === null ? null : queryClient.ensureQueryData(lessonQuery(id)));
  },
  head: ({ loaderData }) => titled(loaderData?.title),
  component: LessonRoute,
});

function LessonRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  // A new lesson (Next/Previous) is a new page: fresh state, no leftover pending button.
  return <LessonPage key={lessonId} orgSlug={orgSlug} lessonId={parseId(lessonId)} />;
}
