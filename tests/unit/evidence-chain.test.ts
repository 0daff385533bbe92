import { describe, expect, it } from "vitest";
import {
  type ChainedEntry,
  checkChain,
  entryHash,
  GENESIS_HASH,
  type StoredLink,
} from "#server/modules/evidence/evidence-chain.rules.js";

/**
 * The chain's format and its check (docs/decisions/0300-evidence-log.md), as properties over every
 * possible tampering of a small chain, tried exhaustively rather than by chance: any single change of
 * any field of any entry, any deletion, any reordering of two entries fails verification, and the first
 * broken entry it names is the one tampered with (or, for a swap, the first of the two).
 */

type EntryFields = Omit<ChainedEntry, "seq" | "prevHash">;

const KINDS = ["lesson.completed", "check.passed", "lesson.signed", "member.joined"];

function fieldsAt(index: number): EntryFields {
  return {
    organizationId: 7,
    kind: KINDS[index % KINDS.length] as string,
    occurredAt: new Date(Date.UTC(2026, 10, 1, 8, index)).toISOString(),
    actorId: 100 + (index % 3),
    subjectUserId: index % 4 === 3 ? null : 200 + index,
    courseId: index % 2 === 0 ? 30 : null,
    lessonId: index % 2 === 0 ? 40 + index : null,
    facts: JSON.stringify({ scorePercent: index * 7, note: `entry ${index}` }),
  };
}

/** A chain as the sequencer makes it. */
function chainOf(length: number): StoredLink[] {
  const links: StoredLink[] = [];
  let prevHash = GENESIS_HASH;
  for (let index = 0; index < length; index++) {
    const entry: ChainedEntry = { ...fieldsAt(index), seq: index + 1, prevHash };
    const hash = entryHash(entry);
    links.push({ ...entry, hash });
    prevHash = hash;
  }
  return links;
}

const LENGTH = 12;
const chain = chainOf(LENGTH);
const signedHead = { seq: LENGTH, hash: (chain.at(-1) as StoredLink).hash };

/** One changed value per field: a number moved by one, a text with one character more, a null filled. */
function changedValue(value: unknown): unknown {
  if (value === null) return 1;
  if (typeof value === "number") return value + 1;
  return `${String(value)}x`;
}

const FIELDS = Object.keys(chain[0] as StoredLink) as (keyof StoredLink)[];

describe("the evidence chain", () => {
  it("verifies an untouched chain, with its signed head, intact to its last entry", () => {
    expect(checkChain(chain, [signedHead])).toEqual({ intactUpTo: LENGTH, head: signedHead.hash, broken: null });
    expect(checkChain([])).toEqual({ intactUpTo: 0, head: GENESIS_HASH, broken: null });
  });

  it("fails on any single change of any field of any entry, naming that entry", () => {
    for (let index = 0; index < LENGTH; index++) {
      for (const field of FIELDS) {
        const tampered = chain.map((link) => ({ ...link }));
        const target = tampered[index] as StoredLink;
        (target as unknown as Record<string, unknown>)[field] = changedValue(target[field]);
        const state = checkChain(tampered, [signedHead]);
        // Its stored hash included: the entry no longer hashes to it.
        expect(state.broken?.seq, `${field} of entry ${index + 1}`).toBe(index + 1);
        expect(state.intactUpTo).toBe(index);
      }
    }
  });

  it("fails on any deletion, the last entry's included (by the signed head)", () => {
    for (let index = 0; index < LENGTH; index++) {
      const tampered = chain.filter((_, at) => at !== index);
      const state = checkChain(tampered, [signedHead]);
      expect(state.broken, `deleting entry ${index + 1}`).toEqual({ seq: index + 1, reason: "missing" });
    }
  });

  it("fails on any reordering of two entries, naming the first moved", () => {
    for (let first = 0; first < LENGTH; first++) {
      for (let second = first + 1; second < LENGTH; second++) {
        const swapped = chain.map((link) => ({ ...link }));
        [swapped[first], swapped[second]] = [swapped[second] as StoredLink, swapped[first] as StoredLink];
        expect(checkChain(swapped, [signedHead]).broken?.seq, `swapping ${first + 1} and ${second + 1}`).toBe(
          first + 1,
        );
        // Renumbered to hide the swap: the contents no longer follow each other.
        const renumbered = swapped.map((link, at) => ({ ...link, seq: at + 1 }));
        expect(checkChain(renumbered, [signedHead]).broken?.seq).toBe(first + 1);
      }
    }
  });

  it("fails on a chain rewritten and hashed anew, at the signed head it no longer matches", () => {
    const rewritten = chainOf(LENGTH).map((link) => ({ ...link }));
    (rewritten[3] as StoredLink).facts = JSON.stringify({ scorePercent: 100 });
    let prevHash = GENESIS_HASH;
    for (const link of rewritten) {
      link.prevHash = prevHash;
      link.hash = entryHash(link);
      prevHash = link.hash;
    }
    expect(checkChain(rewritten).broken).toBeNull();
    expect(checkChain(rewritten, [signedHead]).broken).toEqual({ seq: LENGTH, reason: "checkpoint" });
    const earlierHead = { seq: 6, hash: (chain[5] as StoredLink).hash };
    expect(checkChain(rewritten, [signedHead, earlierHead]).broken).toEqual({ seq: 6, reason: "checkpoint" });
  });
});
