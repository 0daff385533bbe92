import { createFileRoute } from "@tanstack/react-router";
import { ContentPage } from "#client/features/courses/content-page.js";
import { requireCoursePermission } from "#client/features/courses/guards.js";
import { courseQuery, courseStructureQuery, parseId } from "#client/features/courses/queries.js";
import { ensurePageData, titled, titleOf } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/content")({
  // Managing modules and lessons is editing the course (docs/DESIGN.md §6).
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "courses.edit"),
  loader: async ({ context: { queryClient }, params }) => {
    const id = parseId(params.courseId);
    if (id === null) return { title: undefined };
    const [title] = await Promise.all([
      titleOf(queryClient.ensureQueryData(courseQuery(id))),
      ensurePageData([queryClient.ensureQueryData(courseStructureQuery(id))]),
    ]);
    return title;
  },
  head: ({ loaderData }) => titled(loaderData?.title && `Content: ${loaderData.title}`),
  component: ContentRoute,
});

function ContentRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <ContentPage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
