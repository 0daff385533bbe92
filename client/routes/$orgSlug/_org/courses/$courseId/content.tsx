import { createFileRoute } from "@tanstack/react-router";
import { ContentPage } from "../../../../../features/courses/content-page.js";
import { requireCoursePermission } from "../../../../../features/courses/guards.js";
import { parseId } from "../../../../../features/courses/queries.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/content")({
  // Managing modules and lessons is editing the course (DESIGN §6).
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.edit"),
  component: ContentRoute,
});

function ContentRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <ContentPage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
