import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { FilterSelect } from "#client/components/ui/filter-select.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { courseListQuery } from "#client/features/courses/queries.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { TRAINING_STATUS_LABELS, TRAINING_STATUSES, type TrainingStatus } from "#shared/training-statuses.js";
import { ExportCsvButton } from "./export-button.js";
import { MatrixTable } from "./matrix-table.js";
import { type MatrixFilters, matrixCsvPath, matrixQuery } from "./queries.js";
import { ReportError, ReportShell, ReportSkeleton } from "./report-layout.js";

const STATUS_OPTIONS = TRAINING_STATUSES.map((value) => ({ value, label: TRAINING_STATUS_LABELS[value] }));

const SIGNOFF_OPTIONS = [{ value: "needed", label: "Needs signing" }];

const asId = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const asText = (id: number | undefined) => (id === undefined ? undefined : String(id));

export interface MatrixPageProps {
  orgSlug: string;
  filters: MatrixFilters;
  onFiltersChange: (filters: MatrixFilters) => void;
}

/** The Reports page (decision 0045): who has done which training, narrowed by department, role, course, status. */
export function MatrixPage({ orgSlug, filters, onFiltersChange }: MatrixPageProps) {
  const matrix = useQuery({ ...matrixQuery(filters), placeholderData: keepPreviousData });
  useScreenReady("reports", matrix.isSuccess);
  const tags = useTagTree();
  const courses = useQuery(courseListQuery({ status: "published" }));
  const change = (patch: MatrixFilters) => onFiltersChange({ ...filters, ...patch });

  const departments = tags.data ?? [];
  const chosenDepartment = departments.find((department) => department.id === filters.department);
  const roleOptions = (chosenDepartment ? [chosenDepartment] : departments).flatMap((department) =>
    department.roles.map((role) => ({
      value: String(role.id),
      label: chosenDepartment ? role.name : `${role.name} (${department.name})`,
    })),
  );

  return (
    <ReportShell
      orgSlug={orgSlug}
      title="Reports"
      description="Who has completed their training, who is on the way and who is overdue."
      actions={
        <>
          <Link to="/$orgSlug/team" params={{ orgSlug }} className={buttonClassName({ variant: "outline" })}>
            <Users aria-hidden="true" />
            Team
          </Link>
          <ExportCsvButton path={matrixCsvPath(filters)} fallbackName="training-matrix.csv" />
        </>
      }
    >
      <search className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-5" aria-label="Report filters">
        <FilterSelect
          label="Filter by department"
          allLabel="All departments"
          options={departments.map((department) => ({ value: String(department.id), label: department.name }))}
          value={asText(filters.department)}
          // A role of another department would leave nobody: choosing a department clears the role.
          onChange={(value) => change({ department: asId(value), role: undefined })}
        />
        <FilterSelect
          label="Filter by role"
          allLabel="All roles"
          options={roleOptions}
          value={asText(filters.role)}
          onChange={(value) => change({ role: asId(value) })}
          disabled={roleOptions.length === 0}
        />
        <FilterSelect
          label="Filter by course"
          allLabel="All courses"
          options={(courses.data ?? []).map((course) => ({ value: String(course.id), label: course.title }))}
          value={asText(filters.course)}
          onChange={(value) => change({ course: asId(value) })}
        />
        <FilterSelect
          label="Filter by status"
          allLabel="Any status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => change({ status: value as TrainingStatus | undefined })}
        />
        <FilterSelect
          label="Filter by sign-off"
          allLabel="Any sign-off"
          options={SIGNOFF_OPTIONS}
          value={filters.signoff}
          onChange={(value) => change({ signoff: value === "needed" ? "needed" : undefined })}
        />
      </search>

      <div className="mt-5">
        {matrix.isPending ? (
          <ReportSkeleton />
        ) : matrix.isError && !matrix.data ? (
          <ReportError error={matrix.error} retry={() => void matrix.refetch()} />
        ) : matrix.data.members.length === 0 || matrix.data.courses.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <Users className="size-8 text-slate-400" aria-hidden="true" />
            <p className="mt-3 font-semibold text-slate-900">Nothing to report</p>
            <p className="mt-1 max-w-sm text-sm text-slate-600">
              No member has training that matches these filters. Published courses appear here with their audience.
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <p className="flex items-center gap-2 text-sm text-slate-600">
              {matrix.data.members.length === 1 ? "1 member" : `${matrix.data.members.length} members`} ·{" "}
              {matrix.data.courses.length === 1 ? "1 course" : `${matrix.data.courses.length} courses`}
              {matrix.isFetching && <Spinner size="sm" label="Updating" />}
            </p>
            <MatrixTable matrix={matrix.data} orgSlug={orgSlug} />
          </div>
        )}
      </div>
    </ReportShell>
  );
}
