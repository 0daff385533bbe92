import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CertificateCell } from "#client/features/certificates/certificate-status.js";
import { CheckScoreText, checkColumn } from "#client/features/quizzes/check-scores.js";
import { SignoffReportLinks } from "#client/features/signoff/report-links.js";
import { SignoffStandingList } from "#client/features/signoff/standing-list.js";
import { TRAINING_STATUS_LABELS, TRAINING_STATUSES } from "#shared/training-statuses.js";
import { DetailReport } from "./detail-report.js";
import { ProgressTable } from "./progress-cells.js";
import { courseReportQuery, csvPath } from "./queries.js";

function deadlineText(course: { required: boolean; dueDate: string | null; dueDays: number | null }): string {
  if (!course.required) return "Optional";
  if (course.dueDate) return `Required by ${course.dueDate}`;
  if (course.dueDays) return `Required within ${course.dueDays} days of joining`;
  return "Required, no deadline";
}

/** One course (docs/SPEC.md §7): who has completed it and when, who is on the way, who is overdue. */
export function CourseReportPage({ orgSlug, courseId }: { orgSlug: string; courseId: number | null }) {
  const report = useQuery({ ...courseReportQuery(courseId ?? 0), enabled: courseId !== null });
  return (
    <DetailReport
      orgSlug={orgSlug}
      report={report}
      invalidAddress={courseId === null}
      notFoundText="Course not found."
      loadingTitle="Course report"
      title={({ course }) => course.title}
      description={({ course }) => deadlineText(course)}
      csv={{ path: csvPath("course", { courseId: courseId ?? 0 }), fallbackName: "course-report.csv" }}
      isEmpty={({ members }) => members.length === 0}
      emptyText="Nobody is in this course's audience yet."
      footer={courseId !== null && <SignoffReportLinks orgSlug={orgSlug} courseId={courseId} />}
    >
      {({ course, members }) => (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Summary">
            {TRAINING_STATUSES.map((status) => (
              <li key={status}>
                {TRAINING_STATUS_LABELS[status]}:{" "}
                <span className="font-semibold text-slate-900 tabular-nums">
                  {members.filter((member) => member.status === status).length}
                </span>
              </li>
            ))}
          </ul>
          <ProgressTable
            label="Members of this course"
            firstColumn="Member"
            extraColumns={[
              ...(course.signoffLessons.length > 0 ? ["Sign-off"] : []),
              ...course.checks.map((check) => checkColumn(check.title)),
              ...(course.certified ? ["Certificate"] : []),
            ]}
            rows={members.map((member) => ({
              key: member.userId,
              extraCells: [
                ...(course.signoffLessons.length > 0
                  ? [<SignoffStandingList key="signoffs" signoffs={member.signoffs} />]
                  : []),
                ...member.checks.map((score) => <CheckScoreText key={score.lessonId} score={score} />),
                ...(course.certified ? [<CertificateCell key="certificate" certificate={member.certificate} />] : []),
              ],
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
    </DetailReport>
  );
}
