import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Badge } from "#client/components/ui/badge.js";
import { CourseTagList } from "#client/features/courses/course-tags.js";
import { isNotFound } from "#client/features/courses/queries.js";
import { CheckScoreText } from "#client/features/quizzes/check-scores.js";
import { ROLE_BADGE_VARIANTS, roleLabel } from "#shared/roles.js";
import { ExportCsvButton } from "./export-button.js";
import { ProgressTable } from "./progress-cells.js";
import { csvPath, memberReportQuery } from "./queries.js";
import { ReportError, ReportShell, ReportSkeleton } from "./report-layout.js";

/** One member (issue 11): every course with its status, completion date and deadline. */
export function MemberReportPage({ orgSlug, userId }: { orgSlug: string; userId: number | null }) {
  const report = useQuery({ ...memberReportQuery(userId ?? 0), enabled: userId !== null });
  if (userId === null || report.isError) {
    return (
      <ReportError
        error={report.error}
        retry={() => void report.refetch()}
        notFound={userId === null || isNotFound(report.error) ? "Member not found." : undefined}
      />
    );
  }
  const member = report.data?.member;
  return (
    <ReportShell
      orgSlug={orgSlug}
      backToMatrix
      title={member?.name ?? "Member report"}
      description={
        member && (
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{member.email}</span>
            <Badge variant={ROLE_BADGE_VARIANTS[member.role]}>{roleLabel(member.role)}</Badge>
            <CourseTagList tags={member.tags} />
          </span>
        )
      }
      actions={<ExportCsvButton path={csvPath("member", { userId })} fallbackName="member-report.csv" />}
    >
      {report.isPending ? (
        <ReportSkeleton />
      ) : report.data.courses.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
          No published course is assigned to this member or started by them.
        </p>
      ) : (
        <ProgressTable
          label="Courses of this member"
          firstColumn="Course"
          extraColumns={["Knowledge checks"]}
          rows={report.data.courses.map((course) => ({
            key: course.courseId,
            extraCells: [
              course.checks.length === 0 ? (
                <span key="none" className="text-slate-400">
                  —
                </span>
              ) : (
                course.checks.map((score) => <CheckScoreText key={score.lessonId} score={score} withTitle />)
              ),
            ],
            name: course.title,
            facts: course,
            heading: (
              <>
                <Link
                  to="/$orgSlug/reports/courses/$courseId"
                  params={{ orgSlug, courseId: String(course.courseId) }}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {course.title}
                </Link>
                <span className="block text-xs text-slate-500">
                  {!course.assigned ? "Not assigned" : course.required ? "Required" : "Optional"}
                </span>
              </>
            ),
          }))}
        />
      )}
    </ReportShell>
  );
}
