import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isNotFound } from "#client/features/courses/queries.js";
import { CheckScoreText, checkColumn } from "#client/features/quizzes/check-scores.js";
import { SignoffReportLinks } from "#client/features/signoff/report-links.js";
import { TRAINING_STATUS_LABELS, TRAINING_STATUSES } from "#shared/schemas/training.js";
import { ExportCsvButton } from "./export-button.js";
import { ProgressTable } from "./progress-cells.js";
import { courseReportQuery, csvPath } from "./queries.js";
import { ReportError, ReportShell, ReportSkeleton } from "./report-layout.js";

function deadlineText(course: { required: boolean; dueDate: string | null; dueDays: number | null }): string {
  if (!course.required) return "Optional";
  if (course.dueDate) return `Required by ${course.dueDate}`;
  if (course.dueDays) return `Required within ${course.dueDays} days of joining`;
  return "Required, no deadline";
}

/** One course (issue 11): who has completed it and when, who is on the way, who is overdue. */
export function CourseReportPage({ orgSlug, courseId }: { orgSlug: string; courseId: number | null }) {
  const report = useQuery({ ...courseReportQuery(courseId ?? 0), enabled: courseId !== null });
  if (courseId === null || report.isError) {
    return (
      <ReportError
        error={report.error}
        retry={() => void report.refetch()}
        notFound={courseId === null || isNotFound(report.error) ? "Course not found." : undefined}
      />
    );
  }
  return (
    <ReportShell
      orgSlug={orgSlug}
      backToMatrix
      title={report.data?.course.title ?? "Course report"}
      description={report.data && deadlineText(report.data.course)}
      actions={<ExportCsvButton path={csvPath("course", { courseId })} fallbackName="course-report.csv" />}
    >
      {report.isPending ? (
        <ReportSkeleton />
      ) : report.data.members.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
          Nobody is in this course's audience yet.
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Summary">
            {TRAINING_STATUSES.map((status) => (
              <li key={status}>
                {TRAINING_STATUS_LABELS[status]}:{" "}
                <span className="font-semibold text-slate-900 tabular-nums">
                  {report.data.members.filter((member) => member.status === status).length}
                </span>
              </li>
            ))}
          </ul>
          <ProgressTable
            label="Members of this course"
            firstColumn="Member"
            extraColumns={report.data.course.checks.map((check) => checkColumn(check.title))}
            rows={report.data.members.map((member) => ({
              key: member.userId,
              extraCells: member.checks.map((score) => <CheckScoreText key={score.lessonId} score={score} />),
              name: member.name,
              facts: member,
              heading: (
                <>
                  <Link
                    to="/$orgSlug/reports/members/$userId"
                    params={{ orgSlug, userId: String(member.userId) }}
                    className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {member.name}
                  </Link>
                  <span className="block text-xs text-slate-500">{member.email}</span>
                </>
              ),
            }))}
          />
        </div>
      )}
      <SignoffReportLinks orgSlug={orgSlug} courseId={courseId} />
    </ReportShell>
  );
}
