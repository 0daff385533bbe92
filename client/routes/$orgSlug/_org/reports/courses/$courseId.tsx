import { createFileRoute } from "@tanstack/react-router";
import { parseId } from "#client/features/courses/queries.js";
import { CourseReportPage } from "#client/features/reports/course-report-page.js";
import { requireReports } from "#client/features/reports/guard.js";
import { courseReportQuery } from "#client/features/reports/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/reports/courses/$courseId")({
  beforeLoad: ({ context }) => requireReports(context.organization),
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.courseId);
    if (id === null) return;
    return ensurePageData([queryClient.ensureQueryData(courseReportQuery(id))]);
  },
  head: () => titled("Course report"),
  component: CourseReportRoute,
});

function CourseReportRoute() {
  const { orgSlug, courseId } = Route.useParams();
  return <CourseReportPage orgSlug={orgSlug} courseId={parseId(courseId)} />;
}
