import type { EntityManager } from "@mikro-orm/core";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { StoredLink } from "./evidence-chain.rules.js";

/**
 * The log against the records it speaks of (docs/decisions/0300-evidence-log.md): a completion whose date
 * was changed in the database, or a signature deleted, leaves the chain intact but no longer matches
 * its entry. A completion that is gone with its lesson (a lesson deleted) is no mismatch: deleting a
 * lesson takes its completions by design. The pack carries these records (records.json) so that
 * scripts/verify-pack.mjs makes the same comparison.
 */

export type RecordMismatch = { seq: number; reason: "completion-changed" | "signature-changed" };

export const RECORD_MISMATCH_TEXTS: Record<RecordMismatch["reason"], string> = {
  "completion-changed": "the completion it records was changed or deleted",
  "signature-changed": "the signature it records was changed or deleted",
};

/** The records as the database holds them now, as records.json carries them. */
export interface CurrentRecords {
  /** By "userId:lessonId": when it was completed; a lesson deleted since has none. */
  completions: Record<string, string>;
  /** Lessons that still exist, of those the entries name. */
  lessons: number[];
  /** By signature id: when and what was signed. */
  signatures: Record<string, { signedAt: string; contentHash: string }>;
}

const isoOf = (value: unknown) => (dateFromRow(value) as Date).toISOString();

interface SignedFacts {
  signatureId?: number;
  contentHash?: string;
}

const signedFacts = (link: StoredLink) => JSON.parse(link.facts) as SignedFacts;

/** The current records of what these entries record. */
export async function currentRecords(em: EntityManager, links: readonly StoredLink[]): Promise<CurrentRecords> {
  const records: CurrentRecords = { completions: {}, lessons: [], signatures: {} };
  const lessonIds = new Set(
    links.filter((link) => link.kind === "lesson.completed").map((link) => link.lessonId as number),
  );
  const signatureIds = new Set(
    links.filter((link) => link.kind === "lesson.signed").map((link) => signedFacts(link).signatureId),
  );
  if (lessonIds.size > 0) {
    const rows = await readRows<{ user_id: unknown; lesson_id: unknown; completed_at: unknown }>(
      em,
      `select user_id, lesson_id, completed_at from completions where ${inScope()}`,
    );
    for (const row of rows) {
      if (lessonIds.has(Number(row.lesson_id))) {
        records.completions[`${row.user_id}:${row.lesson_id}`] = isoOf(row.completed_at);
      }
    }
    const lessons = await readRows<{ id: unknown }>(em, `select id from lessons where ${inScope()}`);
    records.lessons = lessons.map((row) => Number(row.id)).filter((id) => lessonIds.has(id));
  }
  if (signatureIds.size > 0) {
    const rows = await readRows<{ id: unknown; signed_at: unknown; content_hash: string }>(
      em,
      `select id, signed_at, content_hash from signatures where ${inScope()}`,
    );
    for (const row of rows) {
      if (signatureIds.has(Number(row.id))) {
        records.signatures[String(row.id)] = { signedAt: isoOf(row.signed_at), contentHash: row.content_hash };
      }
    }
  }
  return records;
}

/** The first entry, in chain order, whose record disagrees with it; null when all agree. */
export function firstRecordMismatch(links: readonly StoredLink[], records: CurrentRecords): RecordMismatch | null {
  const lessons = new Set(records.lessons);
  for (const link of links) {
    if (link.kind === "lesson.completed" && link.lessonId !== null && lessons.has(link.lessonId)) {
      if (records.completions[`${link.subjectUserId}:${link.lessonId}`] !== link.occurredAt) {
        return { seq: link.seq, reason: "completion-changed" };
      }
    }
    if (link.kind === "lesson.signed") {
      const facts = signedFacts(link);
      const signature = records.signatures[String(facts.signatureId)];
      if (!signature || signature.signedAt !== link.occurredAt || signature.contentHash !== facts.contentHash) {
        return { seq: link.seq, reason: "signature-changed" };
      }
    }
  }
  return null;
}
