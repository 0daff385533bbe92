import type { EvidenceFact } from "#shared/evidence.js";
import { CHAIN_BREAK_TEXTS, type ChainBreak, type StoredLink } from "./evidence-chain.rules.js";
import type { OrganizationKey } from "./evidence-keys.js";
import { RECORD_MISMATCH_TEXTS, type RecordMismatch } from "./evidence-records.data.js";

/** One entry of the audit trail (audit/list). */
interface AuditEntryView {
  seq: number;
  kind: string;
  occurredAt: string;
  actor: { id: number; name: string | null } | null;
  subject: { id: number; name: string | null } | null;
  course: { id: number; title: string | null } | null;
  lessonId: number | null;
  facts: Record<string, EvidenceFact>;
  hash: string;
}

export interface AuditPageView {
  entries: AuditEntryView[];
  /** The cursor of the next page (older entries), null at the first entry. */
  nextCursor: number | null;
}

type ListedLink = StoredLink & { actorName: string | null; subjectName: string | null; courseTitle: string | null };

function presentAuditEntry(link: ListedLink): AuditEntryView {
  return {
    seq: link.seq,
    kind: link.kind,
    occurredAt: link.occurredAt,
    actor: link.actorId === null ? null : { id: link.actorId, name: link.actorName },
    subject: link.subjectUserId === null ? null : { id: link.subjectUserId, name: link.subjectName },
    course: link.courseId === null ? null : { id: link.courseId, title: link.courseTitle },
    lessonId: link.lessonId,
    facts: JSON.parse(link.facts) as Record<string, EvidenceFact>,
    hash: link.hash,
  };
}

export function presentAuditPage(links: ListedLink[], pageSize: number): AuditPageView {
  const last = links.at(-1);
  return {
    entries: links.map(presentAuditEntry),
    nextCursor: links.length === pageSize && last && last.seq > 1 ? last.seq : null,
  };
}

/** The chain's state (audit/verify): intact up to `intactUpTo`, or the first broken entry and why. */
export interface ChainStateView {
  entries: number;
  intactUpTo: number;
  /** Entries recorded and not yet chained by the sequencer. */
  pending: number;
  head: string;
  broken: { seq: number; reason: string; message: string } | null;
}

export function presentChainState(state: {
  entries: number;
  intactUpTo: number;
  pending: number;
  head: string;
  broken: ChainBreak | RecordMismatch | null;
}): ChainStateView {
  const { broken } = state;
  const texts: Record<string, string> = { ...CHAIN_BREAK_TEXTS, ...RECORD_MISMATCH_TEXTS };
  return {
    ...state,
    broken: broken && {
      seq: broken.seq,
      reason: broken.reason,
      message: `Entry ${broken.seq}: ${texts[broken.reason]}.`,
    },
  };
}

/** The organization's public key (audit/public-key), as the settings page and every pack show it. */
export interface PublicKeyView {
  algorithm: "Ed25519";
  /** PEM (SPKI): what `openssl pkey -pubin` and node:crypto read. */
  publicKey: string;
  /** SHA-256 (hex) of the key's DER: short enough to read out to an auditor. */
  fingerprint: string;
}

export function presentPublicKey(key: OrganizationKey): PublicKeyView {
  return {
    algorithm: "Ed25519",
    publicKey: key.publicKey.export({ format: "pem", type: "spki" }).toString(),
    fingerprint: key.fingerprint,
  };
}
