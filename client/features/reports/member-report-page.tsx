import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Badge } from "#client/components/ui/badge.js";
import { CourseTagList } from "#client/features/courses/course-tags.js";
import { CheckScoreText } from "#client/features/quizzes/check-scores.js";
import { SignoffStandingList } from "#client/features/signoff/standing-list.js";
import { ROLE_BADGE_VARIANTS, roleLabel } from "#shared/roles.js";
import { DetailReport } from "./detail-report.js";
import { ProgressTable } from "./progress-cells.js";
import { csvPath, memberReportQuery } from "./queries.js";

/** One member (docs/SPEC.md §7): every course with its status, completion date, deadline and sign-offs. */
export function MemberReportPage({ orgSlug, userId }: { orgSlug: string; userId: number | null }) {
  const report = useQuery({ ...memberReportQuery(userId ?? 0), enabled: userId !== null });
  // Only courses with procedures need the sign-off column.
  const withSignoffs = report.data?.courses.some((course) => course.signoffs.length > 0) ?? false;
  return (
    <DetailReport
      orgSlug={orgSlug}
      report={report}
      invalidAddress={userId === null}
      notFoundText="Member not found."
      loadingTitle="Member report"
      title={({ member }) => member.name}
      description={({ member }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{member.email}</span>
          <Badge variant={ROLE_BADGE_VARIANTS[member.role]}>{roleLabel(member.role)}</Badge>
          <CourseTagList tags={member.tags} />
          {/* Managers have no Team link in the menu (docs/SPEC.md §2): the people in reports lead there. */}
          {!member.former && (
            <Link
              to="/$orgSlug/team"
              params={{ orgSlug }}
              search={{ search: member.email }}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Open on the team page
            </Link>
          )}
        </span>
      )}
      csv={{ path: csvPath("member", { userId: userId ?? 0 }), fallbackName: "member-report.csv" }}
      isEmpty={({ courses }) => courses.length === 0}
      emptyText="No published course is assigned to this member or started by them."
    >
      {({ courses }) => (
        <ProgressTable
          label="Courses of this member"
          firstColumn="Course"
          extraColumns={withSignoffs ? ["Sign-off", "Knowledge checks"] : ["Knowledge checks"]}
          rows={courses.map((course) => ({
            key: course.courseId,
            extraCells: [
              ...(withSignoffs ? [<SignoffStandingList key="signoffs" signoffs={course.signoffs} />] : []),
              course.checks.length === 0 ? (
                <span key="none" className="text-slate-500">
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
    </DetailReport>
  );
}
