import type { SqlEntityManager } from "@mikro-orm/knex";
import { zipSync } from "fflate";
import type { z } from "zod";
import type { FileAnswer } from "#server/platform/api/trpc.js";
import { inScope, readRows } from "#server/platform/db/rows.js";
import type { OrganizationRecord } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { exclusively } from "#server/platform/scheduler/scheduler.js";
import { type auditPackInput, EVIDENCE_MESSAGES } from "#shared/schemas/evidence.js";
import { chainUpTo } from "./evidence.data.js";
import { presentPublicKey } from "./evidence.presenter.js";
import { assertNamedInLog, dayRange } from "./evidence.rules.js";
import type { StoredLink } from "./evidence-chain.rules.js";
import { checkpointsOf, signHead } from "./evidence-checkpoints.js";
import { organizationKey } from "./evidence-keys.js";
import { currentRecords } from "./evidence-records.data.js";
import { SEQUENCER_JOB, sequenceOrganization } from "./evidence-sequencer.js";
import { summaryPdf } from "./evidence-summary.presenter.js";

/**
 * The inspection pack (docs/decisions/0300-evidence-log.md): a ZIP an auditor checks with
 * scripts/verify-pack.mjs and nothing of ours. The organization's pending entries are chained and its
 * head signed first (holding the sequencer's lock), so the pack ends at a fresh checkpoint. It holds:
 * - entries.jsonl: the chain from entry 1 to that head; the entries of the selection whole, the others
 *   as their hashes only (`omitted`), which still link the selection to the signed head;
 * - checkpoints.json, public-key.pem, organization.json (who, the period, the selection);
 * - records.json: the completions and signatures the selected entries record, as the database holds them
 *   now, for the verifier to compare;
 * - summary.pdf: the same, readable.
 */

type PackInput = z.output<typeof auditPackInput>;

interface PackContext {
  em: SqlEntityManager;
  config: Config;
  organization: OrganizationRecord;
}

const TAG_MEMBERS = `select m.user_id from member_tags mt join memberships m on m.id = mt.membership_id
  where ${inScope("mt")} and mt.tag_id = ?`;

/** Who the selection is about: everyone (null), or the people it names. */
async function selectedPeople(em: SqlEntityManager, input: PackInput): Promise<Set<number> | null> {
  if (input.tagId === undefined) return input.userId === undefined ? null : new Set([input.userId]);
  const tag = await readRows(em, `select id from tags where ${inScope()} and id = ?`, [input.tagId]);
  if (tag.length === 0) throw fail.notFound(EVIDENCE_MESSAGES.tagNotFound);
  const members = (await readRows<{ user_id: unknown }>(em, TAG_MEMBERS, [input.tagId])).map((row) =>
    Number(row.user_id),
  );
  const people = new Set(input.userId === undefined ? members : members.filter((id) => id === input.userId));
  return people;
}

function isSelected(link: StoredLink, input: PackInput, people: Set<number> | null): boolean {
  const { fromAt, beforeAt } = dayRange(input.from, input.to);
  const at = Date.parse(link.occurredAt);
  if ((fromAt && at < fromAt.getTime()) || (beforeAt && at >= beforeAt.getTime())) return false;
  if (input.courseId !== undefined && link.courseId !== input.courseId) return false;
  if (people === null) return true;
  return (
    (link.subjectUserId !== null && people.has(link.subjectUserId)) ||
    (link.actorId !== null && people.has(link.actorId))
  );
}

async function namesOf(em: SqlEntityManager) {
  const users = await readRows<{ id: unknown; name: string }>(
    em,
    `select u.id, u.name from users u where u.id in (select e.subject_user_id from evidence_entries e where ${inScope("e")})
       or u.id in (select e.actor_id from evidence_entries e where ${inScope("e")})`,
  );
  const courses = await readRows<{ id: unknown; title: string }>(
    em,
    `select id, title from courses where ${inScope()}`,
  );
  return {
    users: new Map(users.map((row) => [Number(row.id), row.name])),
    courses: new Map(courses.map((row) => [Number(row.id), row.title])),
  };
}

function selectionText(input: PackInput, names: Awaited<ReturnType<typeof namesOf>>): string | null {
  const parts: string[] = [];
  if (input.userId !== undefined) parts.push(`person ${names.users.get(input.userId) ?? input.userId}`);
  if (input.courseId !== undefined) parts.push(`course ${names.courses.get(input.courseId) ?? input.courseId}`);
  if (input.tagId !== undefined) parts.push(`department (tag) ${input.tagId}`);
  return parts.length === 0 ? null : parts.join(", ");
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

export async function buildPack(ctx: PackContext, input: PackInput, now: Date): Promise<FileAnswer> {
  await assertNamedInLog(ctx.em, input);
  const people = await selectedPeople(ctx.em, input);
  const head = await exclusively(
    ctx.em,
    ctx,
    SEQUENCER_JOB,
    async (tx) => {
      await sequenceOrganization(tx, now);
      return signHead(tx, ctx.config, now);
    },
    { wait: true },
  );
  if (!head) throw new Error("The sequencer's lock was not taken");
  const links = await chainUpTo(ctx.em, head.seq);
  const selected = links.filter((link) => isSelected(link, input, people));
  const chosen = new Set(selected.map((link) => link.seq));
  const key = presentPublicKey(await organizationKey(ctx.em, ctx.config, now));
  const names = await namesOf(ctx.em);
  const lines = links.map((link) =>
    JSON.stringify(
      chosen.has(link.seq) ? link : { seq: link.seq, prevHash: link.prevHash, hash: link.hash, omitted: true },
    ),
  );
  const pdf = await summaryPdf(
    {
      organizationName: ctx.organization.name,
      from: input.from,
      to: input.to,
      selection: selectionText(input, names),
      generatedAt: now.toISOString(),
      fingerprint: key.fingerprint,
      headSeq: head.seq,
      headHash: head.hash,
    },
    selected,
    names,
  );
  const files = {
    "organization.json": json({
      id: ctx.organization.id,
      name: ctx.organization.name,
      from: input.from,
      to: input.to,
      selection: { userId: input.userId ?? null, courseId: input.courseId ?? null, tagId: input.tagId ?? null },
      generatedAt: now.toISOString(),
      publicKeyFingerprint: key.fingerprint,
    }),
    "entries.jsonl": new TextEncoder().encode(lines.length === 0 ? "" : `${lines.join("\n")}\n`),
    "checkpoints.json": json((await checkpointsOf(ctx.em)).filter((checkpoint) => checkpoint.seq <= head.seq)),
    "public-key.pem": new TextEncoder().encode(key.publicKey),
    "records.json": json(await currentRecords(ctx.em, selected)),
    "summary.pdf": new Uint8Array(pdf),
  };
  return {
    contentType: "application/zip",
    bytes: zipSync(files, { level: 6, mtime: now }),
    cacheControl: "no-store",
    filename: `inspection-pack-${ctx.organization.slug}-${input.from}-to-${input.to}.zip`,
  };
}
