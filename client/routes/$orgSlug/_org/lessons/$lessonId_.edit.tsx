import { createFileRoute } from "@tanstack/react-router";
import { requireCoursePermission } from "#client/features/courses/guards.js";
import { parseId } from "#client/features/courses/queries.js";
import { LessonEditorPage } from "#client/features/lesson-editor/lesson-editor-page.js";
import { titled } from "#client/lib/route-data.js";

/**
 * The full-page lesson editor. Its component (and TipTap with it) is a chunk of its own, loaded when the
 * page opens (autoCodeSplitting). No loader: the page fetches the lesson itself, fresh, every time.
 */
export const Route = createFileRoute("/$orgSlug/_org/lessons/$lessonId_/edit")({
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.edit"),
  head: () => titled("Edit Lesson"),
  component: LessonEditorRoute,
});

function LessonEditorRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  return <LessonEditorPage key={lessonId} orgSlug={orgSlug} lessonId={parseId(lessonId)} />;
}
