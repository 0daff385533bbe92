import { createFileRoute } from "@tanstack/react-router";
import { LessonPage } from "../../../../features/courses/lesson-page.js";
import { parseId } from "../../../../features/courses/queries.js";

export const Route = createFileRoute("/$orgSlug/_org/lessons/$lessonId")({
  component: LessonRoute,
});

function LessonRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  // A new lesson (Next/Previous) is a new page: fresh state, no leftover pending button.
  return <LessonPage key={lessonId} orgSlug={orgSlug} lessonId={parseId(lessonId)} />;
}
