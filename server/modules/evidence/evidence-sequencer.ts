import type { SqlEntityManager } from "@mikro-orm/knex";
import type { AppServices } from "#server/platform/api/trpc.js";
import { inScope, readRows, readRowsAcrossOrganizations, writeRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import { exclusively } from "#server/platform/scheduler/scheduler.js";
import { entryHash, GENESIS_HASH } from "./evidence-chain.rules.js";
import { SequencerWatermark, type WatermarkTimes } from "./evidence-watermark.rules.js";

/**
 * The sequencer (docs/decisions/0300-evidence-log.md): entries written by events, unsequenced, get each
 * organization's next numbers and their hashes here, in batches, in the order of their ids. It runs in
 * a transaction holding the sequencer's lock (server/platform/scheduler/scheduler.ts, `exclusively`), so one
 * instance at a time chains; the unique keys of evidence_chain (organization, seq) and (entry) refuse a
 * second chaining even then. A round reads only above its watermark and writes its links a statement per
 * up to 128 of them (docs/decisions/0400-evidence-append-cost.md).
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

/**
 * Every organization's entries not yet chained above an id (the round's start, evidence-watermark.rules.ts),
 * oldest first: the sequencer serves them all.
 */
const PENDING = `select e.id, e.organization_id, e.kind, e.occurred_at, e.actor_id, e.subject_user_id, e.course_id,
    e.lesson_id, e.facts
  from evidence_entries e where e.id > ? and not exists (select 1 from evidence_chain l where l.entry_id = e.id)
  order by e.id limit ${BATCH}`;

/** The same, of the request's organization only: an export waits for its own entries alone. */
const PENDING_HERE = `select e.id, e.organization_id, e.kind, e.occurred_at, e.actor_id, e.subject_user_id, e.course_id,
    e.lesson_id, e.facts
  from evidence_entries e where ${inScope("e")} and not exists (select 1 from evidence_chain l where l.entry_id = e.id)
  order by e.id limit ${BATCH}`;

const HEAD = `select seq, hash from evidence_chain where ${inScope()} order by seq desc limit 1`;

/** One link's values in a LINKS statement; the casts give PostgreSQL the union's column types. */
const LINK_VALUES = "select cast(? as integer) as seq, cast(? as integer) as entry_id, ? as prev_hash, ? as hash";

/** Links written by one statement at most (SQLite allows 500 selects in a union). */
const LINKS_PER_STATEMENT = 128;

/**
 * `rows` links as one INSERT (docs/decisions/0400-evidence-append-cost.md), each joined to its entry in
 * the organization being chained. Built per count and kept: the prepared statements key on the text.
 */
const linksStatements = new Map<number, string>();

function linksStatement(rows: number): string {
  let statement = linksStatements.get(rows);
  if (statement === undefined) {
    statement = `insert into evidence_chain (organization_id, seq, entry_id, prev_hash, hash, sequenced_at)
  select e.organization_id, v.seq, e.id, v.prev_hash, v.hash, ?
  from (${Array.from({ length: rows }, () => LINK_VALUES).join(" union all ")}) v
  join evidence_entries e on e.id = v.entry_id where ${inScope("e")}`;
    linksStatements.set(rows, statement);
  }
  return statement;
}

/**
 * How many links the next statement writes: a full statement, else the largest power of two that fits,
 * so no more than eight statement texts exist (a batch of 1000 is 128 × 7 + 64 + 32 + 8).
 */
function nextStatementSize(remaining: number): number {
  if (remaining >= LINKS_PER_STATEMENT) return LINKS_PER_STATEMENT;
  return 2 ** Math.floor(Math.log2(remaining));
}

interface Link {
  seq: number;
  entryId: number;
  prevHash: string;
  hash: string;
}

async function writeLinks(em: SqlEntityManager, links: readonly Link[], now: Date): Promise<void> {
  for (let from = 0; from < links.length; ) {
    const size = nextStatementSize(links.length - from);
    const params: unknown[] = [now];
    for (const link of links.slice(from, from + size)) params.push(link.seq, link.entryId, link.prevHash, link.hash);
    await writeRows(em, linksStatement(size), params);
    from += size;
  }
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * One round: chains what is pending above `start`, in `em`'s transaction (holding the lock). Answers the
 * highest id it read, or `start` when it read none: every entry it could see up to there is chained.
 */
export async function sequencePending(em: SqlEntityManager, now: Date, start: number): Promise<number> {
  const pending = await readRowsAcrossOrganizations<PendingRow>(em, PENDING, [start]);
  await chain(em, pending, now);
  const last = pending.at(-1);
  return last === undefined ? start : Number(last.id);
}

/** Sequencing rounds of one instance, each starting where its watermark says (evidence-watermark.rules.ts). */
export function sequencerRound(
  services: Pick<AppServices, "config">,
  times: WatermarkTimes,
): (em: SqlEntityManager, now: Date) => Promise<void> {
  const watermark = new SequencerWatermark(times);
  return async (em, now) => {
    // A monotonic clock: the settling is about real transactions, not the app's (possibly fake) clock.
    const at = performance.now();
    const start = watermark.startFor(at);
    const chainedThrough = await exclusively(em, services, SEQUENCER_JOB, (tx) => sequencePending(tx, now, start), {
      wait: false,
    });
    if (chainedThrough !== undefined) watermark.committed(at, start, chainedThrough);
  };
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
    const links: Link[] = [];
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
      links.push({ seq, entryId: Number(row.id), prevHash, hash });
      prevHash = hash;
    }
    await writeLinks(em, links, now);
  }
}
