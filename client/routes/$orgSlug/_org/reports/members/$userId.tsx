import { createFileRoute } from "@tanstack/react-router";
import { parseId } from "#client/features/courses/queries.js";
import { requireReports } from "#client/features/reports/guard.js";
import { MemberReportPage } from "#client/features/reports/member-report-page.js";
import { memberReportQuery } from "#client/features/reports/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/reports/members/$userId")({
  beforeLoad: ({ context }) => requireReports(context.organization),
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.userId);
    if (id === null) return;
    return ensurePageData([queryClient.ensureQueryData(memberReportQuery(id))]);
  },
  head: () => titled("Member report"),
  component: MemberReportRoute,
});

function MemberReportRoute() {
  const { orgSlug, userId } = Route.useParams();
  return <MemberReportPage orgSlug={orgSlug} userId={parseId(userId)} />;
}
