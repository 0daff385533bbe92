import { csvExport, csvFilename } from "#server/platform/http/csv.js";
import { SIGNOFF_STATUS_LABELS } from "#shared/schemas/signoffs.js";
import type { SignatureRecordView, SignoffReport } from "./signoff.presenter.js";

/**
 * reports/signoffs as CSV (the CSV rules of server/platform/http/csv.ts): one row per signature — who agreed to which
 * version, when, from where — then one per member of the audience who has not signed.
 */
const HEADERS = [
  "Lesson",
  "Name",
  "Email",
  "Status",
  "Version signed",
  "Signed at",
  "Content hash",
  "Client address",
  "User agent",
];

function signatureStatus(record: SignatureRecordView): string {
  if (record.lessonId === null) return "Lesson deleted";
  return record.current ? "Current" : "Outdated";
}

export const signoffReportCsv = csvExport((report: SignoffReport) => ({
  filename: report.lesson ? csvFilename("signoffs", report.lesson.title) : csvFilename("signoffs"),
  rows: [
    HEADERS,
    ...report.signatures.map((record) => [
      record.lessonTitle,
      record.signedName,
      record.email,
      signatureStatus(record),
      record.version,
      record.signedAt,
      record.contentHash,
      record.clientAddress,
      record.userAgent,
    ]),
    ...report.members
      .filter((member) => member.status === "unsigned")
      .map((member) => [
        report.lesson?.title ?? "",
        member.name,
        member.email,
        SIGNOFF_STATUS_LABELS.unsigned,
        null,
        null,
        null,
        null,
        null,
      ]),
  ],
}));
