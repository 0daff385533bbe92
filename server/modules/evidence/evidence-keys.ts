import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { seal, unseal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import { inScope, readRows, scopedOrganizationId } from "#server/platform/db/rows.js";
import type { Config } from "#server/platform/http/config.js";
import { EvidenceKey } from "./evidence.entity.js";

/**
 * Each organization's Ed25519 signing key (docs/decisions/0300-evidence-log.md): made at its first need
 * (the first checkpoint, the settings page, an export), the private key sealed with SECRET_KEY
 * (server/platform/crypto/sealing.ts), never shown. Two instances making it at once keep the first.
 */

const PURPOSE = "evidence signing key";

type KeyConfig = Pick<Config, "secretKey" | "databaseUrl" | "dataDir">;

interface KeyRow {
  public_key: string;
  sealed_private_key: string;
  created_at: unknown;
}

const READ = `select public_key, sealed_private_key, created_at from evidence_keys where ${inScope()}`;

export interface OrganizationKey {
  publicKey: KeyObject;
  /** SPKI DER, base64: how the key is stored, shown and put in the pack. */
  publicKeyDer: string;
  /** SHA-256 (hex) of the SPKI DER: what an auditor compares with a key they got elsewhere. */
  fingerprint: string;
  sign(message: Buffer): string;
}

function fingerprintOf(publicKeyDer: string): string {
  return createHash("sha256").update(Buffer.from(publicKeyDer, "base64")).digest("hex");
}

function keyOf(row: KeyRow, config: KeyConfig): OrganizationKey {
  const publicKey = createPublicKey({ key: Buffer.from(row.public_key, "base64"), format: "der", type: "spki" });
  return {
    publicKey,
    publicKeyDer: row.public_key,
    fingerprint: fingerprintOf(row.public_key),
    sign: (message) => {
      const der = unseal(row.sealed_private_key, serverSecretKey(config), PURPOSE);
      const privateKey = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
      return sign(null, message, privateKey).toString("base64");
    },
  };
}

/** The key of `em`'s organization, made now if it has none. */
export async function organizationKey(em: SqlEntityManager, config: KeyConfig, now: Date): Promise<OrganizationKey> {
  const [existing] = await readRows<KeyRow>(em, READ);
  if (existing) return keyOf(existing, config);
  const pair = generateKeyPairSync("ed25519");
  const publicDer = pair.publicKey.export({ format: "der", type: "spki" }).toString("base64");
  const sealed = seal(pair.privateKey.export({ format: "der", type: "pkcs8" }), serverSecretKey(config), PURPOSE);
  // The organization is the key's primary key: a second maker's insert yields to the first.
  await em
    .createQueryBuilder(EvidenceKey)
    .insert({ organization: scopedOrganizationId(em), publicKey: publicDer, sealedPrivateKey: sealed, createdAt: now })
    .onConflict("organization")
    .ignore()
    .execute();
  const [made] = await readRows<KeyRow>(em, READ);
  if (!made) throw new Error("The organization's signing key was neither found nor made");
  return keyOf(made, config);
}
