import type { EntityManager } from "@mikro-orm/core";
import type { CompletionStatementHook } from "#server/modules/progress/index.js";
import type { TrainingEvent } from "#server/platform/api/training-events.js";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { Dialect } from "../../../mikro-orm.config.js";
import { EvidenceEntry } from "./evidence.entity.js";
import type { StoredLink } from "./evidence-chain.rules.js";

/**
 * The evidence log's reads and its one write (docs/decisions/0300-evidence-log.md): an event's entry,
 * unsequenced, in the event's own transaction. The sequencer's statements are in evidence-sequencer.ts.
 * Nothing here updates or deletes an entry (tests/unit/evidence-sql.test.ts).
 */

/** A training event's entry: one INSERT on the caller's entity manager, in its transaction. */
export async function appendEntry(em: EntityManager, event: TrainingEvent): Promise<void> {
  await em.insert(EvidenceEntry, {
    organization: event.organizationId,
    kind: event.kind,
    occurredAt: event.occurredAt,
    actorId: event.actorId,
    subjectUserId: event.subjectUserId ?? null,
    courseId: event.courseId ?? null,
    lessonId: event.lessonId ?? null,
    facts: JSON.stringify(event.facts),
  });
}

/** The lesson's title and edit version when it was completed, as JSON text in each database's words. */
const COMPLETION_FACTS: Record<Dialect, string> = {
  sqlite: "json_object('lessonTitle', l.title, 'version', l.version)",
  postgresql: "json_build_object('lessonTitle', l.title, 'version', l.version)::text",
};

/** The course's title, edit version and lesson count when its last lesson was completed. */
const COURSE_COMPLETION_FACTS: Record<Dialect, string> = {
  sqlite: "json_object('courseTitle', k.title, 'version', k.version, 'lessons', p.completed_lessons)",
  postgresql: "json_build_object('courseTitle', k.title, 'version', k.version, 'lessons', p.completed_lessons)::text",
};

/**
 * A completion's entries, written by the completion's own statements (progress' completionStatementHooks),
 * as one INSERT: the lesson completed, and the course completed when the completion counted in its
 * progress row (`p`) makes it every lesson the course has now. The progress row is counted in the same
 * statement on PostgreSQL (the upsert's returned row, each concurrent completion seeing its own count) and
 * just before on SQLite (one writer).
 */
export const completionEntryHook: CompletionStatementHook = {
  recordedFrom: (completion, progress, dialect) => `insert into evidence_entries
    (organization_id, kind, occurred_at, actor_id, subject_user_id, course_id, lesson_id, facts)
    with done as (
      select c.organization_id, c.user_id, c.lesson_id, c.completed_at, m.course_id, l.title, l.version
      from ${completion} join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
    )
    select l.organization_id, 'lesson.completed', l.completed_at, l.user_id, l.user_id, l.course_id, l.lesson_id,
      ${COMPLETION_FACTS[dialect]}
    from done l
    union all
    select d.organization_id, 'course.completed', d.completed_at, d.user_id, d.user_id, d.course_id, null,
      ${COURSE_COMPLETION_FACTS[dialect]}
    from done d join courses k on k.id = d.course_id
    join ${progress} p on p.user_id = d.user_id and p.course_id = d.course_id
    where p.completed_lessons = (select count(*) from lessons cl join modules cm on cm.id = cl.module_id
      where cm.course_id = d.course_id)`,
};

/** An entry as the chain and the pack name it: its link's columns and its own. */
const LINK_COLUMNS = `l.organization_id, l.seq, l.prev_hash, l.hash, e.kind, e.occurred_at, e.actor_id,
  e.subject_user_id, e.course_id, e.lesson_id, e.facts`;

interface LinkRow {
  organization_id: unknown;
  seq: unknown;
  prev_hash: string;
  hash: string;
  kind: string;
  occurred_at: unknown;
  actor_id: unknown;
  subject_user_id: unknown;
  course_id: unknown;
  lesson_id: unknown;
  facts: string;
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function storedLinkOf(row: LinkRow): StoredLink {
  return {
    organizationId: Number(row.organization_id),
    seq: Number(row.seq),
    prevHash: row.prev_hash,
    hash: row.hash,
    kind: row.kind,
    occurredAt: (dateFromRow(row.occurred_at) as Date).toISOString(),
    actorId: idOrNull(row.actor_id),
    subjectUserId: idOrNull(row.subject_user_id),
    courseId: idOrNull(row.course_id),
    lessonId: idOrNull(row.lesson_id),
    facts: row.facts,
  };
}

const CHAIN = `select ${LINK_COLUMNS} from evidence_chain l join evidence_entries e on e.id = l.entry_id
  where ${inScope("l")}`;

/** The organization's whole chain, in sequence order: what verification and the pack read. */
export async function chainOf(em: EntityManager): Promise<StoredLink[]> {
  return (await readRows<LinkRow>(em, `${CHAIN} order by l.seq`)).map(storedLinkOf);
}

/** The organization's chain up to `seq`, in order. */
export async function chainUpTo(em: EntityManager, seq: number): Promise<StoredLink[]> {
  return (await readRows<LinkRow>(em, `${CHAIN} and l.seq <= ? order by l.seq`, [seq])).map(storedLinkOf);
}

/** The filters of the audit trail (shared/schemas/evidence.ts), days as instants. */
export interface ListFilter {
  userId?: number;
  courseId?: number;
  kind?: string;
  fromAt?: Date;
  beforeAt?: Date;
  beforeSeq?: number;
  limit: number;
}

/** A page of the organization's sequenced entries, newest first, with the names they point to. */
export async function listedLinks(
  em: EntityManager,
  filter: ListFilter,
): Promise<(StoredLink & { actorName: string | null; subjectName: string | null; courseTitle: string | null })[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    where.push(clause);
    params.push(value);
  };
  if (filter.userId !== undefined) {
    // About the person or by them.
    where.push("(e.subject_user_id = ? or e.actor_id = ?)");
    params.push(filter.userId, filter.userId);
  }
  if (filter.courseId !== undefined) add("e.course_id = ?", filter.courseId);
  if (filter.kind !== undefined) add("e.kind = ?", filter.kind);
  if (filter.fromAt !== undefined) add("e.occurred_at >= ?", filter.fromAt);
  if (filter.beforeAt !== undefined) add("e.occurred_at < ?", filter.beforeAt);
  if (filter.beforeSeq !== undefined) add("l.seq < ?", filter.beforeSeq);
  const rows = await readRows<
    LinkRow & { actor_name: string | null; subject_name: string | null; course_title: string | null }
  >(
    em,
    `select ${LINK_COLUMNS}, actor.name as actor_name, subject.name as subject_name, course.title as course_title
     from evidence_chain l join evidence_entries e on e.id = l.entry_id
     left join users actor on actor.id = e.actor_id
     left join users subject on subject.id = e.subject_user_id
     left join courses course on course.id = e.course_id and ${inScope("course")}
     where ${inScope("l")}${where.map((clause) => ` and ${clause}`).join("")}
     order by l.seq desc limit ${filter.limit}`,
    params,
  );
  return rows.map((row) => ({
    ...storedLinkOf(row),
    actorName: row.actor_name,
    subjectName: row.subject_name,
    courseTitle: row.course_title,
  }));
}

/** How many of the organization's entries wait for the sequencer. */
export async function pendingCount(em: EntityManager): Promise<number> {
  const rows = await readRows<{ pending: unknown }>(
    em,
    `select count(*) as pending from evidence_entries e where ${inScope("e")}
     and not exists (select 1 from evidence_chain l where l.entry_id = e.id)`,
  );
  return Number(rows[0]?.pending ?? 0);
}
