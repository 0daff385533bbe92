import { createFileRoute } from "@tanstack/react-router";
import { EditCoursePage } from "#client/features/courses/course-editor-pages.js";
import { requireCoursePermission } from "#client/features/courses/guards.js";
import { courseQuery, parseId } from "#client/features/courses/queries.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/edit")({
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.edit"),
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.courseId);
    if (id === null) return;
    return ensurePageData([queryClient.ensureQueryData(courseQuery(id)), queryClient.ensureQueryData(tagTreeQuery())]);
  },
  head: () => titled("Edit Course"),
  component: EditCourseRoute,
});

function EditCourseRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <EditCoursePage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
