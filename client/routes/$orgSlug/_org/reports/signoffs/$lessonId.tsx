import { createFileRoute } from "@tanstack/react-router";
import { parseId } from "#client/features/courses/queries.js";
import { requireReports } from "#client/features/reports/guard.js";
import { signoffReportQuery } from "#client/features/signoff/queries.js";
import { SignoffReportPage } from "#client/features/signoff/report-page.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/reports/signoffs/$lessonId")({
  beforeLoad: ({ context }) => requireReports(context.organization),
  loader: ({ context: { queryClient }, params }) => {
    const id = parseId(params.lessonId);
    if (id === null) return;
    return ensurePageData([queryClient.ensureQueryData(signoffReportQuery(id))]);
  },
  head: () => titled("Sign-off report"),
  component: SignoffReportRoute,
});

function SignoffReportRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  return <SignoffReportPage orgSlug={orgSlug} lessonId={parseId(lessonId)} />;
}
