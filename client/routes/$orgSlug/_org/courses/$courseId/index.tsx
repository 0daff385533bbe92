import { createFileRoute } from "@tanstack/react-router";
import { CourseDetailPage } from "../../../../../features/courses/course-detail-page.js";
import { parseId } from "../../../../../features/courses/queries.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/")({
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <CourseDetailPage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
