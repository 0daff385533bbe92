import type { EntityManager } from "@mikro-orm/core";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { StoredLink } from "./evidence-chain.rules.js";

/**
 * The log against the records it speaks of (docs/decisions/0300-evidence-log.md): a completion whose date
 * was changed in the database, or a signature deleted, leaves the chain intact but no longer matches
 * its entry. A completion that is gone with its lesson (a lesson deleted) is no mismatch: deleting a
 * lesson takes its completions by design.
 */

export type RecordMismatch = { seq: number; reason: "completion-changed" | "signature-changed" };

export const RECORD_MISMATCH_TEXTS: Record<RecordMismatch["reason"], string> = {
  "completion-changed": "the completion it records was changed or deleted",
  "signature-changed": "the signature it records was changed or deleted",
};

interface CompletionRow {
  user_id: unknown;
  lesson_id: unknown;
  completed_at: unknown;
}

interface SignatureRow {
  id: unknown;
  signed_at: unknown;
  content_hash: string;
}

const timeOf = (value: unknown) => (dateFromRow(value) as Date).getTime();

/** The first entry, in chain order, whose record disagrees with it; null when all agree. */
export async function firstRecordMismatch(
  em: EntityManager,
  links: readonly StoredLink[],
): Promise<RecordMismatch | null> {
  const completions = new Map<string, number>();
  for (const row of await readRows<CompletionRow>(
    em,
    `select user_id, lesson_id, completed_at from completions where ${inScope()}`,
  )) {
    completions.set(`${row.user_id}:${row.lesson_id}`, timeOf(row.completed_at));
  }
  const lessons = new Set(
    (await readRows<{ id: unknown }>(em, `select id from lessons where ${inScope()}`)).map((row) => Number(row.id)),
  );
  const signatures = new Map<number, SignatureRow>();
  for (const row of await readRows<SignatureRow>(
    em,
    `select id, signed_at, content_hash from signatures where ${inScope()}`,
  )) {
    signatures.set(Number(row.id), row);
  }
  for (const link of links) {
    if (link.kind === "lesson.completed" && link.lessonId !== null && lessons.has(link.lessonId)) {
      const completedAt = completions.get(`${link.subjectUserId}:${link.lessonId}`);
      if (completedAt !== Date.parse(link.occurredAt)) return { seq: link.seq, reason: "completion-changed" };
    }
    if (link.kind === "lesson.signed") {
      const facts = JSON.parse(link.facts) as { signatureId?: number; contentHash?: string };
      const signature = facts.signatureId === undefined ? undefined : signatures.get(facts.signatureId);
      if (
        !signature ||
        timeOf(signature.signed_at) !== Date.parse(link.occurredAt) ||
        signature.content_hash !== facts.contentHash
      ) {
        return { seq: link.seq, reason: "signature-changed" };
      }
    }
  }
  return null;
}
