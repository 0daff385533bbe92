import { createFileRoute } from "@tanstack/react-router";
import { CourseDetailPage } from "#client/features/courses/course-detail-page.js";
import { courseQuery, parseId } from "#client/features/courses/queries.js";
import { startRecordQuery, titled, titleOf } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/")({
  // Started by the organization guard together with its own requests (decision 0161).
  staticData: {
    pageQueries: (queryClient, { courseId = "" }) => startRecordQuery(queryClient, parseId(courseId), courseQuery),
  },
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.courseId);
    return titleOf(id === null ? null : queryClient.ensureQueryData(courseQuery(id)));
  },
  head: ({ loaderData }) => titled(loaderData?.title),
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <CourseDetailPage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
