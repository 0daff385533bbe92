import PDFDocument from "pdfkit";
import { EVIDENCE_KIND_LABELS, type EvidenceKind } from "#shared/evidence.js";
import type { StoredLink } from "./evidence-chain.rules.js";

/**
 * The pack's readable summary (summary.pdf, docs/decisions/0300-evidence-log.md): who was trained on what
 * in the period, person by person, with dates, versions, scores and signatures, and how to check it. It
 * says what the log says; the verifier checks the log, not this page.
 */

export interface SummaryHeader {
  organizationName: string;
  from: string;
  to: string;
  /** The selection in words ("one person: Ana Ruiz"), or null for everyone. */
  selection: string | null;
  generatedAt: string;
  fingerprint: string;
  headSeq: number;
  headHash: string;
}

type Facts = Record<string, string | number | boolean | null>;

/** What an entry says, in one line after its date and course. */
function describe(link: StoredLink, facts: Facts): string {
  const label = EVIDENCE_KIND_LABELS[link.kind as EvidenceKind] ?? link.kind;
  const lesson = typeof facts.lessonTitle === "string" ? `: ${facts.lessonTitle}` : "";
  const version = typeof facts.version === "number" ? ` (version ${facts.version})` : "";
  switch (link.kind) {
    case "check.passed":
    case "check.failed":
      return `${label}${lesson}, score ${facts.scorePercent}% (pass mark ${facts.passPercent}%, attempt ${facts.attempt})`;
    case "lesson.signed":
      return `${label}${lesson}${version}, signed as "${facts.signedName}", content SHA-256 ${String(facts.contentHash).slice(0, 16)}…`;
    case "course.completed":
      return `${label}${version}, all ${facts.lessons} lessons`;
    case "member.accessChanged":
      return `${label}: ${facts.from} to ${facts.to}`;
    default:
      return `${label}${lesson}${version}`;
  }
}

export function summaryPdf(
  header: SummaryHeader,
  links: readonly StoredLink[],
  names: { users: Map<number, string>; courses: Map<number, string> },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Training evidence: ${header.organizationName}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(18).text(`Training evidence: ${header.organizationName}`);
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  doc.text(`Period: ${header.from} to ${header.to} (UTC)`);
  doc.text(`Selection: ${header.selection ?? "everyone"}`);
  doc.text(`Generated: ${header.generatedAt}`);
  doc.text(`Log: entries 1 to ${header.headSeq}, head SHA-256 ${header.headHash}`);
  doc.text(`Signed with the organization's Ed25519 key, fingerprint (SHA-256) ${header.fingerprint}`);
  doc.moveDown(0.5);
  doc.text(
    "To check this pack without our servers: node verify-pack.mjs pack.zip (from the Trainwright repository; Node only). " +
      "It recomputes the chain in entries.jsonl, checks the checkpoints' signatures with public-key.pem, and names the first entry that fails.",
  );
  doc.moveDown();

  const byPerson = new Map<string, StoredLink[]>();
  for (const link of links) {
    const who = link.subjectUserId ?? link.actorId;
    const name = who === null ? "The organization" : (names.users.get(who) ?? `Person ${who}`);
    byPerson.set(name, [...(byPerson.get(name) ?? []), link]);
  }
  if (byPerson.size === 0) doc.text("No training events in this period.");
  for (const [name, entries] of [...byPerson].sort(([a], [b]) => a.localeCompare(b))) {
    doc.moveDown(0.5).font("Helvetica-Bold").fontSize(12).text(name);
    doc.font("Helvetica").fontSize(9);
    for (const link of entries) {
      const course =
        link.courseId === null ? "" : ` · ${names.courses.get(link.courseId) ?? `Course ${link.courseId}`}`;
      const facts = JSON.parse(link.facts) as Facts;
      doc.text(`#${link.seq}  ${link.occurredAt.replace("T", " ").slice(0, 16)}${course} · ${describe(link, facts)}`);
    }
  }
  doc.end();
  return done;
}
