import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * The evidence log (docs/decisions/0300-evidence-log.md). Every table here is append-only for the
 * application: no statement of the server updates or deletes their rows (tests/unit/evidence-sql.test.ts
 * reads the module's SQL); only deleting the organization takes them, by its foreign keys.
 */

/**
 * One training event as its transaction wrote it: unsequenced, one INSERT, so that recording it never
 * waits for another request of the organization. The sequencer chains it later (EvidenceLink).
 */
export class EvidenceEntry {
  [OptionalProps]?: "actorId" | "subjectUserId" | "courseId" | "lessonId";
  id!: number;
  organization!: Organization;
  kind!: string;
  occurredAt!: Date;
  /** Who did it; no foreign key: the entry outlives the account and keeps the id it named. */
  actorId: number | null = null;
  /** The person it is about (the learner), when it is about one. */
  subjectUserId: number | null = null;
  courseId: number | null = null;
  lessonId: number | null = null;
  /** The event's facts as JSON text, hashed as written. */
  facts!: string;
}

export const EvidenceEntrySchema = new EntitySchema<EvidenceEntry>({
  class: EvidenceEntry,
  tableName: "evidence_entries",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: "evidence_entries_org_idx" },
    kind: { type: "string", length: 40 },
    occurredAt: { type: "datetime" },
    actorId: { type: "integer", nullable: true },
    subjectUserId: { type: "integer", nullable: true },
    courseId: { type: "integer", nullable: true },
    lessonId: { type: "integer", nullable: true },
    facts: { type: "text" },
  },
});

/**
 * An entry's place in its organization's chain: gap-free `seq` from 1, and the SHA-256 of the entry with
 * the previous link's hash (evidence-chain.rules.ts). Written once by the sequencer.
 */
export class EvidenceLink {
  [OptionalProps]?: "sequencedAt";
  id!: number;
  organization!: Organization;
  seq!: number;
  entry!: EvidenceEntry;
  prevHash!: string;
  hash!: string;
  sequencedAt: Date = new Date();
}

export const EvidenceLinkSchema = new EntitySchema<EvidenceLink>({
  class: EvidenceLink,
  tableName: "evidence_chain",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    seq: { type: "integer" },
    entry: { kind: "m:1", entity: "EvidenceEntry", deleteRule: "cascade", unique: "evidence_chain_entry_unique" },
    prevHash: { type: "string", length: 64 },
    hash: { type: "string", length: 64 },
    sequencedAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "evidence_chain_org_seq_unique", properties: ["organization", "seq"] }],
});

/**
 * The organization's Ed25519 signing key: the public key as SPKI DER in base64, the private key sealed
 * with SECRET_KEY (server/platform/crypto/sealing.ts). Made with the organization's first need of it.
 */
export class EvidenceKey {
  [OptionalProps]?: "createdAt";
  organization!: Organization;
  publicKey!: string;
  sealedPrivateKey!: string;
  createdAt: Date = new Date();
}

export const EvidenceKeySchema = new EntitySchema<EvidenceKey>({
  class: EvidenceKey,
  tableName: "evidence_keys",
  properties: {
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", primary: true },
    publicKey: { type: "text" },
    sealedPrivateKey: { type: "text" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});

/** A signed head: the chain up to `seq` ended in `hash`, signed at `signedAt` with the organization's key. */
export class EvidenceCheckpoint {
  id!: number;
  organization!: Organization;
  seq!: number;
  hash!: string;
  signedAt!: Date;
  /** Ed25519 signature (base64) of checkpointMessage (evidence-chain.rules.ts). */
  signature!: string;
}

export const EvidenceCheckpointSchema = new EntitySchema<EvidenceCheckpoint>({
  class: EvidenceCheckpoint,
  tableName: "evidence_checkpoints",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    seq: { type: "integer" },
    hash: { type: "string", length: 64 },
    signedAt: { type: "datetime" },
    signature: { type: "string", length: 100 },
  },
  indexes: [{ name: "evidence_checkpoints_org_seq_idx", properties: ["organization", "seq"] }],
});
