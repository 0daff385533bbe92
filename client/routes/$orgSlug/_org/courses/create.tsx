import { createFileRoute } from "@tanstack/react-router";
import { CreateCoursePage } from "../../../../features/courses/course-editor-pages.js";
import { requireCoursePermission } from "../../../../features/courses/guards.js";
import { useDocumentTitle } from "../../../../lib/use-document-title.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/create")({
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.create"),
  component: CreateCourseRoute,
});

function CreateCourseRoute() {
  const { orgSlug } = Route.useParams();
  useDocumentTitle("Create Course");
  return <CreateCoursePage orgSlug={orgSlug} />;
}
