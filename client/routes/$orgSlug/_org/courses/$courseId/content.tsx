import { createFileRoute } from "@tanstack/react-router";
import { ContentPage } from "../../../../../features/courses/content-page.js";
import { requireCoursePermission } from "../../../../../features/courses/guards.js";
import { courseQuery, courseStructureQuery, parseId } from "../../../../../features/courses/queries.js";
import { ensurePageData, titled, titleOf } from "../../../../../lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/content")({
  // Managing modules and lessons is editing the course (DESIGN §6).
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
