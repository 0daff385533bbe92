import { useQuery } from "@tanstack/react-query";
import { DetailReport } from "#client/features/reports/detail-report.js";
import { ScrollTable } from "#client/features/reports/report-layout.js";
import { formatDateTime } from "#client/lib/dates.js";
import { SIGNOFF_STATUS_LABELS, SIGNOFF_STATUSES, type SignoffStatus } from "#shared/signoff-texts.js";
import { signoffCsvPath, signoffReportQuery } from "./queries.js";
import { useVersionNumbering } from "./version-numbers.js";

const formatTime = (date: Date | null) => (date ? formatDateTime(date) : "—");

const STATUS_CLASS: Record<SignoffStatus, string> = {
  signed: "text-emerald-700",
  outdated: "text-amber-700",
  unsigned: "text-slate-600",
};

const cellClass = "px-3 py-2 text-left align-top";
const headClass = `${cellClass} font-medium text-slate-600`;

/** One sign-off lesson: who signed the current version, whose signature is outdated, who has not signed. */
export function SignoffReportPage({ orgSlug, lessonId }: { orgSlug: string; lessonId: number | null }) {
  const report = useQuery({ ...signoffReportQuery(lessonId ?? 0), enabled: lessonId !== null });
  const shown = useVersionNumbering(lessonId);
  return (
    <DetailReport
      orgSlug={orgSlug}
      report={report}
      invalidAddress={lessonId === null}
      notFoundText="Lesson not found."
      loadingTitle="Sign-offs"
      title={({ lesson }) => (lesson ? `Sign-offs: ${lesson.title}` : "Sign-offs")}
      description={({ lesson }) => lesson && `${lesson.courseTitle} · current version ${shown(lesson.version)}`}
      csv={{ path: signoffCsvPath(lessonId ?? 0), fallbackName: "signoffs.csv" }}
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Summary">
            {SIGNOFF_STATUSES.map((status) => (
              <li key={status}>
                {SIGNOFF_STATUS_LABELS[status]}:{" "}
                <span className="font-semibold text-slate-900 tabular-nums">
                  {data.members.filter((member) => member.status === status).length}
                </span>
              </li>
            ))}
          </ul>
          <ScrollTable label="Members">
            <table className="w-full min-w-[36rem] text-sm">
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <th className={headClass}>Member</th>
                  <th className={headClass}>Status</th>
                  <th className={headClass}>Version signed</th>
                  <th className={headClass}>Signed at</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.members.map((member) => (
                  <tr key={member.userId}>
                    <td className={cellClass}>
                      <span className="font-medium text-slate-900">{member.name}</span>
                      <span className="block text-xs text-slate-500">{member.email}</span>
                    </td>
                    <td className={`${cellClass} ${STATUS_CLASS[member.status]}`}>
                      {SIGNOFF_STATUS_LABELS[member.status]}
                    </td>
                    <td className={`${cellClass} tabular-nums`}>
                      {member.signedVersion === null ? "—" : shown(member.signedVersion)}
                    </td>
                    <td className={cellClass}>{formatTime(member.signedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <h2 className="text-lg font-semibold text-slate-900">Every signature</h2>
          {data.signatures.length === 0 ? (
            <p className="text-sm text-slate-600">Nobody has signed this lesson yet.</p>
          ) : (
            <ScrollTable label="Every signature">
              <table className="w-full min-w-[40rem] text-sm">
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    <th className={headClass}>Name as signed</th>
                    <th className={headClass}>Version</th>
                    <th className={headClass}>Signed at</th>
                    <th className={headClass}>Status</th>
                    <th className={headClass}>Client address</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.signatures.map((row) => (
                    <tr key={`${row.userId}-${row.version}-${row.signedAt.getTime()}`}>
                      <td className={cellClass}>
                        <span className="font-medium text-slate-900">{row.signedName}</span>
                        <span className="block text-xs text-slate-500">{row.email}</span>
                      </td>
                      <td className={`${cellClass} tabular-nums`}>{shown(row.version)}</td>
                      <td className={cellClass}>{formatTime(row.signedAt)}</td>
                      <td className={`${cellClass} ${row.current ? "text-emerald-700" : "text-amber-700"}`}>
                        {row.current ? "Current" : "Outdated"}
                      </td>
                      <td className={`${cellClass} font-mono text-xs`}>{row.clientAddress}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          )}
        </div>
      )}
    </DetailReport>
  );
}
