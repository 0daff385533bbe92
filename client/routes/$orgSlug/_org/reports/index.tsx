import { createFileRoute } from "@tanstack/react-router";
import { courseListQuery } from "#client/features/courses/queries.js";
import { requireReports } from "#client/features/reports/guard.js";
import { MatrixPage } from "#client/features/reports/matrix-page.js";
import { type MatrixFilters, matrixQuery } from "#client/features/reports/queries.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";
import { TRAINING_STATUSES, type TrainingStatus } from "#shared/training-statuses.js";

function idParam(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function statusParam(value: unknown): TrainingStatus | undefined {
  return TRAINING_STATUSES.find((status) => status === value);
}

export const Route = createFileRoute("/$orgSlug/_org/reports/")({
  // The filters live in the address, so a filtered report can be bookmarked and shared.
  validateSearch: (search: Record<string, unknown>): MatrixFilters => ({
    department: idParam(search.department),
    role: idParam(search.role),
    course: idParam(search.course),
    status: statusParam(search.status),
    signoff: search.signoff === "needed" ? "needed" : undefined,
  }),
  beforeLoad: ({ context }) => requireReports(context.organization),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    ensurePageData([
      queryClient.ensureQueryData(matrixQuery(deps)),
      queryClient.ensureQueryData(tagTreeQuery()),
      queryClient.ensureQueryData(courseListQuery({ status: "published" })),
    ]),
  head: () => titled("Reports"),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { orgSlug } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MatrixPage
      orgSlug={orgSlug}
      filters={filters}
      onFiltersChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
