import { createFileRoute } from "@tanstack/react-router";
import { CreateCoursePage } from "../../../../features/courses/course-editor-pages.js";
import { requireCoursePermission } from "../../../../features/courses/guards.js";
import { tagTreeQuery } from "../../../../features/tags/queries.js";
import { ensurePageData, titled } from "../../../../lib/route-data.js";

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
