import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets kept at rest sealed with the server's SECRET_KEY (docs/decisions/0302-secret-key-and-sealing.md):
 * AES-256-GCM under a key derived for one purpose with HKDF-SHA-256, so that the same SECRET_KEY seals
 * each kind of secret (the evidence log's signing keys, later the identity providers' client secrets)
 * under a key of its own; the purpose is also the authenticated data, so a sealed value moved to another
 * purpose does not open. Written `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */

const VERSION = "v1";
const IV_BYTES = 12;

function keyFor(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `trainwright sealing: ${purpose}`, 32));
}

export function seal(plain: Buffer, secret: Buffer, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain bytes; throws when the value was not sealed with this secret for this purpose, or was changed. */
export function unseal(sealed: string, secret: Buffer, purpose: string): Buffer {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) {
    throw new Error("Not a sealed value of this server");
  }
  const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(purpose, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]);
}
