import { createFileRoute } from "@tanstack/react-router";
import { CreateCoursePage } from "#client/features/courses/course-editor-pages.js";
import { requireCoursePermission } from "#client/features/courses/guards.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/create")({
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.create"),
  loader: ({ context: { queryClient } }) => ensurePageData([queryClient.ensureQueryData(tagTreeQuery())]),
  head: () => titled("Create Course"),
  component: CreateCourseRoute,
});

function CreateCourseRoute() {
  const { orgSlug } = Route.useParams();
  return <CreateCoursePage orgSlug={orgSlug} />;
}
