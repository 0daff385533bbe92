import { type KeyObject, verify } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { inScope, readRows, readRowsAcrossOrganizations, scopedOrganizationId } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { EvidenceCheckpoint } from "./evidence.entity.js";
import { checkpointMessage, GENESIS_HASH, type TrustedHead } from "./evidence-chain.rules.js";
import { organizationKey } from "./evidence-keys.js";

/**
 * Signed heads (docs/decisions/0300-evidence-log.md): the chain's last entry and hash, signed with the
 * organization's key, hourly when the chain grew (a job of the scheduler, once across instances) and on
 * every export. Kept: each is a point the chain must still pass through.
 */

export const CHECKPOINT_JOB = "evidence.checkpoint";

type KeyConfig = Pick<Config, "secretKey" | "databaseUrl" | "dataDir">;

/** A checkpoint as stored, shown and put in the pack. */
export interface SignedHead {
  organizationId: number;
  seq: number;
  hash: string;
  signedAt: string;
  signature: string;
}

const HEAD = `select seq, hash from evidence_chain where ${inScope()} order by seq desc limit 1`;

/** Signs the chain's head of `em`'s organization now; an empty chain's head is entry 0. */
export async function signHead(em: SqlEntityManager, config: KeyConfig, now: Date): Promise<SignedHead> {
  const organizationId = scopedOrganizationId(em);
  const key = await organizationKey(em, config, now);
  const [head] = await readRows<{ seq: unknown; hash: string }>(em, HEAD);
  const signed = {
    organizationId,
    seq: head ? Number(head.seq) : 0,
    hash: head?.hash ?? GENESIS_HASH,
    signedAt: now.toISOString(),
  };
  const signature = key.sign(checkpointMessage(signed));
  await em.insert(EvidenceCheckpoint, {
    organization: organizationId,
    seq: signed.seq,
    hash: signed.hash,
    signedAt: now,
    signature,
  });
  return { ...signed, signature };
}

/** Organizations whose chain grew past their last checkpoint. */
const GROWN = `select h.organization_id from
    (select organization_id, max(seq) as seq from evidence_chain group by organization_id) h
  left join (select organization_id, max(seq) as seq from evidence_checkpoints group by organization_id) c
    on c.organization_id = h.organization_id
  where c.seq is null or c.seq < h.seq`;

/** The hourly round: a checkpoint for each organization whose chain grew. */
export async function signGrownHeads(em: SqlEntityManager, config: KeyConfig, now: Date): Promise<number> {
  const grown = await readRowsAcrossOrganizations<{ organization_id: unknown }>(em, GROWN);
  for (const row of grown) {
    scopeToOrganization(em, Number(row.organization_id));
    await signHead(em, config, now);
  }
  return grown.length;
}

/** The organization's checkpoints, oldest first. */
export async function checkpointsOf(em: SqlEntityManager): Promise<SignedHead[]> {
  const organizationId = scopedOrganizationId(em);
  const rows = await readRows<{ seq: unknown; hash: string; signed_at: unknown; signature: string }>(
    em,
    `select seq, hash, signed_at, signature from evidence_checkpoints where ${inScope()} order by id`,
  );
  return rows.map((row) => ({
    organizationId,
    seq: Number(row.seq),
    hash: row.hash,
    signedAt: (dateFromRow(row.signed_at) as Date).toISOString(),
    signature: row.signature,
  }));
}

/** The heads whose signature holds with `publicKey`, and the first that does not (by its entry). */
export function verifiedHeads(
  checkpoints: readonly SignedHead[],
  publicKey: KeyObject,
): { heads: TrustedHead[]; forgedAt: number | null } {
  const heads: TrustedHead[] = [];
  for (const checkpoint of checkpoints) {
    if (!verify(null, checkpointMessage(checkpoint), publicKey, Buffer.from(checkpoint.signature, "base64"))) {
      return { heads, forgedAt: checkpoint.seq };
    }
    heads.push({ seq: checkpoint.seq, hash: checkpoint.hash });
  }
  return { heads, forgedAt: null };
}
