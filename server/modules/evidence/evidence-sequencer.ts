import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, readRows, readRowsAcrossOrganizations, writeRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import { entryHash, GENESIS_HASH } from "./evidence-chain.rules.js";

/**
 * The sequencer (docs/decisions/0300-evidence-log.md): entries written by events, unsequenced, get each
 * organization's next numbers and their hashes here, in batches, in the order of their ids. It runs in
 * a transaction holding the sequencer's lock (server/platform/scheduler/scheduler.ts, `exclusively`), so one
 * instance at a time chains; the unique keys of evidence_chain (organization, seq) and (entry) refuse a
 * second chaining even then.
 */

export const SEQUENCER_JOB = "evidence.sequence";

/** Entries chained per round at most; the rest waits for the next. */
const BATCH = 1000;

interface PendingRow {
  id: unknown;
  organization_id: unknown;
  kind: string;
  occurred_at: unknown;
  actor_id: unknown;
  subject_user_id: unknown;
  course_id: unknown;
  lesson_id: unknown;
  facts: string;
}

/** Every organization's entries not yet chained, oldest first: the sequencer serves them all. */
const PENDING = `select e.id, e.organization_id, e.kind, e.occurred_at, e.actor_id, e.subject_user_id, e.course_id,
    e.lesson_id, e.facts
  from evidence_entries e where not exists (select 1 from evidence_chain l where l.entry_id = e.id)
  order by e.id limit ${BATCH}`;

/** The same, of the request's organization only: an export waits for its own entries alone. */
const PENDING_HERE = `select e.id, e.organization_id, e.kind, e.occurred_at, e.actor_id, e.subject_user_id, e.course_id,
    e.lesson_id, e.facts
  from evidence_entries e where ${inScope("e")} and not exists (select 1 from evidence_chain l where l.entry_id = e.id)
  order by e.id limit ${BATCH}`;

const HEAD = `select seq, hash from evidence_chain where ${inScope()} order by seq desc limit 1`;

const LINK = `insert into evidence_chain (organization_id, seq, entry_id, prev_hash, hash, sequenced_at)
  select e.organization_id, ?, e.id, ?, ?, ? from evidence_entries e where ${inScope("e")} and e.id = ?`;

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** One round: chains what is pending, in `em`'s transaction (holding the lock). How many it chained. */
export async function sequencePending(em: SqlEntityManager, now: Date): Promise<number> {
  const pending = await readRowsAcrossOrganizations<PendingRow>(em, PENDING);
  await chain(em, pending, now);
  return pending.length;
}

/** Chains every pending entry of `em`'s organization (holding the lock): what an export signs. */
export async function sequenceOrganization(em: SqlEntityManager, now: Date): Promise<void> {
  for (;;) {
    const pending = await readRows<PendingRow>(em, PENDING_HERE);
    await chain(em, pending, now);
    if (pending.length < BATCH) return;
  }
}

async function chain(em: SqlEntityManager, pending: readonly PendingRow[], now: Date): Promise<void> {
  const byOrganization = new Map<number, PendingRow[]>();
  for (const row of pending) {
    const organizationId = Number(row.organization_id);
    const rows = byOrganization.get(organizationId) ?? [];
    rows.push(row);
    byOrganization.set(organizationId, rows);
  }
  for (const [organizationId, rows] of byOrganization) {
    scopeToOrganization(em, organizationId);
    const [head] = await readRows<{ seq: unknown; hash: string }>(em, HEAD);
    let seq = head ? Number(head.seq) : 0;
    let prevHash = head?.hash ?? GENESIS_HASH;
    for (const row of rows) {
      seq += 1;
      const hash = entryHash({
        organizationId,
        seq,
        prevHash,
        kind: row.kind,
        occurredAt: (dateFromRow(row.occurred_at) as Date).toISOString(),
        actorId: idOrNull(row.actor_id),
        subjectUserId: idOrNull(row.subject_user_id),
        courseId: idOrNull(row.course_id),
        lessonId: idOrNull(row.lesson_id),
        facts: row.facts,
      });
      await writeRows(em, LINK, [seq, prevHash, hash, now, Number(row.id)]);
      prevHash = hash;
    }
  }
}
