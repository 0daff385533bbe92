import { createFileRoute } from "@tanstack/react-router";
import { EditCoursePage } from "../../../../../features/courses/course-editor-pages.js";
import { requireCoursePermission } from "../../../../../features/courses/guards.js";
import { parseId } from "../../../../../features/courses/queries.js";
import { useDocumentTitle } from "../../../../../lib/use-document-title.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/edit")({
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.edit"),
  component: EditCourseRoute,
});

function EditCourseRoute() {
  const { orgSlug, courseId } = Route.useParams();
  useDocumentTitle("Edit Course");
  return <EditCoursePage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
