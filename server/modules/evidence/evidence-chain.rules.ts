import { createHash } from "node:crypto";

/**
 * The chain's format (docs/decisions/0300-evidence-log.md), pure: how an entry is hashed, how a checkpoint
 * is worded for signing, and how a run of links is checked. scripts/verify-pack.mjs implements the same
 * format on its own, with node: built-ins only, so that an auditor need not run this server's code;
 * tests/unit/evidence-chain.test.ts proves the two agree.
 */

/** Hash of "no previous entry": the first link's `prevHash`. */
export const GENESIS_HASH = "0".repeat(64);

/** Bumped, and named in every hash, if the hashed fields ever change. */
const FORMAT = "trainwright-evidence-v1";

/** An entry as the chain hashes it, and as the pack's entries.jsonl carries it. */
export interface ChainedEntry {
  organizationId: number;
  seq: number;
  prevHash: string;
  kind: string;
  /** ISO 8601, milliseconds, UTC. */
  occurredAt: string;
  actorId: number | null;
  subjectUserId: number | null;
  courseId: number | null;
  lessonId: number | null;
  /** JSON text, as written. */
  facts: string;
}

/** SHA-256 (hex) of the entry's fields in a fixed order, as one JSON array. */
export function entryHash(entry: ChainedEntry): string {
  const fields = [
    FORMAT,
    entry.organizationId,
    entry.seq,
    entry.prevHash,
    entry.kind,
    entry.occurredAt,
    entry.actorId,
    entry.subjectUserId,
    entry.courseId,
    entry.lessonId,
    entry.facts,
  ];
  return createHash("sha256").update(JSON.stringify(fields), "utf8").digest("hex");
}

/** What a checkpoint's Ed25519 signature covers. */
export function checkpointMessage(head: { organizationId: number; seq: number; hash: string; signedAt: string }) {
  return Buffer.from(
    `${FORMAT} checkpoint\n${head.organizationId}\n${head.seq}\n${head.hash}\n${head.signedAt}`,
    "utf8",
  );
}

/** A stored link with its entry: what verification reads. */
export interface StoredLink extends ChainedEntry {
  hash: string;
}

/** Why an entry breaks the chain, in the words the screen and the verifier print. */
export type ChainBreak = { seq: number; reason: "missing" | "previous-hash" | "changed" | "checkpoint" | "signature" };

export type ChainState = { intactUpTo: number; head: string; broken: ChainBreak | null };

export const CHAIN_BREAK_TEXTS: Record<ChainBreak["reason"], string> = {
  missing: "the entry is missing (the sequence skips it)",
  "previous-hash": "it does not follow the entry before it",
  changed: "its contents were changed after it was recorded",
  checkpoint: "the chain up to it differs from the signed checkpoint of that entry",
  signature: "the checkpoint signed at it does not verify with the organization's key",
};

/** A signed head the chain must still reach and match (its signature checked apart). */
export interface TrustedHead {
  seq: number;
  hash: string;
}

/**
 * Checks links in sequence order from 1: each must be the next number, name the previous hash, and hash
 * to its stored hash. Then every trusted head (a signed checkpoint) must lie on the intact chain with its
 * hash: entries removed from the end, or a chain rewritten and hashed anew, fail there. The first entry
 * that fails is named; `intactUpTo` is the last good one.
 */
export function checkChain(links: Iterable<StoredLink>, heads: readonly TrustedHead[] = []): ChainState {
  const hashes: string[] = [];
  let previous = GENESIS_HASH;
  let broken: ChainBreak | null = null;
  for (const link of links) {
    const expectedSeq = hashes.length + 1;
    if (link.seq !== expectedSeq) broken = { seq: expectedSeq, reason: "missing" };
    else if (link.prevHash !== previous) broken = { seq: link.seq, reason: "previous-hash" };
    else if (entryHash(link) !== link.hash) broken = { seq: link.seq, reason: "changed" };
    if (broken) break;
    hashes.push(link.hash);
    previous = link.hash;
  }
  for (const head of [...heads].sort((a, b) => a.seq - b.seq)) {
    if (broken && head.seq >= broken.seq) break;
    if (head.seq > hashes.length) {
      broken = { seq: hashes.length + 1, reason: "missing" };
      break;
    }
    if (head.seq >= 1 && hashes[head.seq - 1] !== head.hash) {
      broken = { seq: head.seq, reason: "checkpoint" };
      break;
    }
  }
  const intactUpTo = broken ? broken.seq - 1 : hashes.length;
  return { intactUpTo, head: hashes[intactUpTo - 1] ?? GENESIS_HASH, broken };
}
