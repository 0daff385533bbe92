import { type CsvOptions, csvDateTime, csvDueDay, csvExport, csvFilename } from "#server/platform/http/csv.js";
import type { MatrixCellTuple } from "#shared/matrix-cells.js";
import { ROLE_LABELS } from "#shared/roles.js";
import { CERTIFICATE_STATUS_LABELS, type CertificateStatus } from "#shared/schemas/certificates.js";
import { TRAINING_STATUS_LABELS, type TrainingStatus } from "#shared/schemas/training.js";
import { signoffCountsText, signoffStandingLabel } from "#shared/signoff-standing.js";
import type { CheckScore } from "./quiz-reports.data.js";
import type { CourseReport, MatrixReport, MemberReportCourse, ProgressCell } from "./reports.presenter.js";
import type { MatrixSignoffs, MatrixSignoffTuple, MemberSignoffView } from "./signoff-standings.data.js";

/**
 * The reports as CSV files (`format=csv` on their REST paths): the same rows the screens show, with
 * statuses in words and percents as numbers in columns of their own, deadlines as plain dates
 * ("2026-12-04"), other times as local date-times of the asker's time zone ("2026-12-04 16:03") and
 * booleans as yes/no.
 */

const status = (value: TrainingStatus) => TRAINING_STATUS_LABELS[value];

/** The CSV's text for a course's checks: one value per check, joined by "; " when a course has several. */
function checkScoresText(scores: readonly CheckScore[]): { best: string; attempts: string } {
  return {
    best: scores.map((score) => (score.bestScorePercent === null ? "" : `${score.bestScorePercent}%`)).join("; "),
    attempts: scores.map((score) => String(score.attempts)).join("; "),
  };
}

/** Someone who was removed or left is named as such (docs/SPEC.md §7). */
const nameOf = (member: { name: string; former: boolean }) =>
  member.former ? `${member.name} (former member)` : member.name;

/** A matrix cell's status in words ("In progress"), and nothing where there is no cell. */
function cellStatusText(cell: MatrixCellTuple | undefined): string {
  return cell ? status(cell[3]) : "";
}

/** A matrix cell's percent as a number, for its own column; nothing where there is no cell. */
function cellPercent(cell: MatrixCellTuple | undefined): number | null {
  return cell ? cell[4] : null;
}

/**
 * Entries by member and course in one array, as dense as the matrix: the CSV asks every member × course,
 * and string keys for each of those hundreds of thousands cost more than the rest of the file (decision 0215).
 * As a map would, the last entry of a member and course wins.
 */
function gridOf<Entry extends readonly [userId: number, courseId: number, ...rest: unknown[]]>(
  report: MatrixReport,
  entries: readonly Entry[],
): (userId: number, courseId: number) => Entry | undefined {
  const userSlots = new Map<number, number>();
  for (const member of report.members) if (!userSlots.has(member.userId)) userSlots.set(member.userId, userSlots.size);
  const courseSlots = new Map(report.courses.map((course, slot) => [course.courseId, slot]));
  const width = courseSlots.size;
  const grid: (Entry | undefined)[] = new Array(userSlots.size * width);
  for (const entry of entries) {
    const user = userSlots.get(entry[0]);
    const course = courseSlots.get(entry[1]);
    if (user !== undefined && course !== undefined) grid[user * width + course] = entry;
  }
  return (userId, courseId) => {
    const user = userSlots.get(userId);
    const course = courseSlots.get(courseId);
    return user === undefined || course === undefined ? undefined : grid[user * width + course];
  };
}

/** A cell of a course with sign-off lessons also says how many the member signed (decision 0103). */
function signoffCellText(report: MatrixSignoffs, signoff: MatrixSignoffTuple | undefined, courseId: number) {
  const total = report.signoffLessons[courseId];
  if (total === undefined) return "";
  const [, , signed, outdated] = signoff ?? [0, 0, 0, 0];
  return `; sign-off: ${signoffCountsText({ signed, outdated, total })}`;
}

/**
 * One row per member and, as the matrix shows them, two columns per course: the status in words (with the
 * sign-off count of a course that has procedures) and the percent as a number.
 */
export const matrixCsv = csvExport((report: MatrixReport & MatrixSignoffs) => {
  const cellOf = gridOf(report, report.cells.tuples);
  const signoffOf = gridOf(report, report.signoffs);
  const courseFields = (userId: number, courseId: number) => {
    const cell = cellOf(userId, courseId);
    const statusText = cell
      ? cellStatusText(cell) + signoffCellText(report, signoffOf(userId, courseId), courseId)
      : "";
    return [statusText, cellPercent(cell)];
  };
  return {
    filename: csvFilename("training-matrix"),
    rows: [
      [
        "Name",
        "Email",
        "Role",
        "Assigned",
        "Completed",
        ...report.courses.flatMap((course) => [course.title, `${course.title}: percent`]),
      ],
      ...report.members.map((member) => [
        nameOf(member),
        member.email,
        ROLE_LABELS[member.role],
        member.assignedCount,
        member.completedCount,
        ...report.courses.flatMap((course) => courseFields(member.userId, course.courseId)),
      ]),
    ],
  };
});

const PROGRESS_HEADERS = ["Status", "Percent", "Completed lessons", "Total lessons", "Completed at", "Due at"];

const progressFields = (row: Omit<ProgressCell, "userId" | "courseId">, options: CsvOptions) => [
  status(row.status),
  row.percent,
  row.completedLessons,
  row.totalLessons,
  csvDateTime(row.completedAt, options),
  csvDueDay(row.dueAt),
];

/** Two columns per knowledge check of the course (docs/SPEC.md §7): the member's best score and attempts. */
const checkHeaders = (report: CourseReport) =>
  report.course.checks.flatMap((check) => [`${check.title}: best score`, `${check.title}: attempts`]);
const checkFields = (member: CourseReport["members"][number]) =>
  member.checks.flatMap((check) => [check.bestScorePercent, check.attempts]);

/** Three columns per sign-off lesson of the course (decision 0103): the member's standing, version signed, when. */
const lessonSignoffHeaders = (lessons: readonly { title: string }[]) =>
  lessons.flatMap(({ title }) => [`${title}: sign-off`, `${title}: signed version`, `${title}: signed at`]);
const lessonSignoffFields = (signoffs: readonly MemberSignoffView[], options: CsvOptions) =>
  signoffs.flatMap((lesson) => [
    signoffStandingLabel(lesson.status),
    lesson.signedVersion,
    csvDateTime(lesson.signedAt, options),
  ]);

/** A member's latest certificate of a course, as the member and course reports show it. */
type ReportCertificate = { status: CertificateStatus; expiresAt: Date | null } | null | undefined;

/** Two columns for a certification course: the certificate's status and its last valid day. */
const CERTIFICATE_HEADERS = ["Certificate", "Certificate expires"];
const certificateFields = (certificate: ReportCertificate) => [
  certificate ? CERTIFICATE_STATUS_LABELS[certificate.status] : "",
  // A certificate's expiry is the instant it stops being valid: its last valid day, as a deadline's.
  csvDueDay(certificate?.expiresAt ?? null),
];

interface CourseCsvReport {
  course: CourseReport["course"] & { certified: boolean; signoffLessons: { title: string }[] };
  members: (CourseReport["members"][number] & { signoffs: MemberSignoffView[]; certificate: ReportCertificate })[];
}

export const courseReportCsv = csvExport((report: CourseCsvReport, options: CsvOptions) => ({
  filename: csvFilename("course", report.course.title),
  rows: [
    [
      "Name",
      "Email",
      "Assigned",
      ...PROGRESS_HEADERS,
      ...checkHeaders(report),
      ...lessonSignoffHeaders(report.course.signoffLessons),
      ...(report.course.certified ? CERTIFICATE_HEADERS : []),
    ],
    ...report.members.map((member) => [
      nameOf(member),
      member.email,
      member.assigned,
      ...progressFields(member, options),
      ...checkFields(member),
      ...lessonSignoffFields(member.signoffs, options),
      ...(report.course.certified ? certificateFields(member.certificate) : []),
    ]),
  ],
}));

/** Three columns for the course's sign-off lessons (decision 0103), one entry per lesson, "; " between. */
const SIGNOFF_HEADERS = ["Sign-off", "Signed versions", "Signed at"];
const signoffFields = (signoffs: readonly MemberSignoffView[], options: CsvOptions) => [
  signoffs.map((lesson) => `${lesson.lessonTitle}: ${signoffStandingLabel(lesson.status)}`).join("; "),
  signoffs.map((lesson) => (lesson.signedVersion === null ? "" : String(lesson.signedVersion))).join("; "),
  signoffs.map((lesson) => csvDateTime(lesson.signedAt, options)).join("; "),
];

type MemberCsvCourse = MemberReportCourse & { signoffs: MemberSignoffView[] };

export const memberReportCsv = csvExport(
  (report: { member: { name: string }; courses: MemberCsvCourse[] }, options: CsvOptions) => ({
    filename: csvFilename("member", report.member.name),
    rows: [
      [
        "Course",
        "Required",
        "Assigned",
        ...PROGRESS_HEADERS,
        ...SIGNOFF_HEADERS,
        "Best check score",
        "Check attempts",
        ...CERTIFICATE_HEADERS,
      ],
      ...report.courses.map((course) => {
        const checks = checkScoresText(course.checks);
        return [
          course.title,
          course.required,
          course.assigned,
          ...progressFields(course, options),
          ...signoffFields(course.signoffs, options),
          checks.best,
          checks.attempts,
          ...certificateFields(course.certificate),
        ];
      }),
    ],
  }),
);
