import { createFileRoute } from "@tanstack/react-router";
import { CourseDetailPage } from "#client/features/courses/course-detail-page.js";
import { parseId } from "#client/features/courses/queries.js";
import { loadRecordPage, startRecordQuery } from "#client/lib/page-loads.js";
import { titled } from "#client/lib/route-data.js";

/**
 * What this page reads first is declared in shared/page-queries.ts (`course`), which the server reads too
 * to answer those calls in the page's HTML (decision 0285).
 */
export const Route = createFileRoute("/$orgSlug/_org/courses/$courseId/")({
  // Started by the organization guard together with its own requests (decision 0161).
  staticData: { pageQueries: startRecordQuery("course") },
  loader: ({ context: { queryClient, organization }, params }) =>
    loadRecordPage(queryClient, "course", params, organization.role),
  head: ({ loaderData }) => titled(loaderData?.title),
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <CourseDetailPage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
