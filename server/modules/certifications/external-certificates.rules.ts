import { DAY_MS } from "#shared/constants.js";
import type { ScanType } from "#shared/schemas/external-certificates.js";

/**
 * Certificates earned elsewhere (docs/decisions/0350-external-certificates.md): what a scan is by its own
 * first bytes, and the moments a card's calendar days stand for.
 */

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, at) => bytes[at] === byte);

const SIGNATURES: { type: ScanType; prefix: readonly number[] }[] = [
  { type: "image/png", prefix: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", prefix: [0xff, 0xd8, 0xff] },
  // "%PDF-"
  { type: "application/pdf", prefix: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The scan type the bytes are, never the name or the type the browser claims; null for anything else. */
export function scanTypeOf(bytes: Uint8Array): ScanType | null {
  return SIGNATURES.find((signature) => startsWith(bytes, signature.prefix))?.type ?? null;
}

/** Issued on a day: its start (UTC). */
export const externalIssuedAtOf = (issuedOn: string) => new Date(`${issuedOn}T00:00:00.000Z`);

/** Valid until a day: its end (UTC), as issued certificates expire (certifications.rules.ts, expiryOf). */
export const externalExpiryOf = (expiresOn: string | null) =>
  expiresOn === null ? null : new Date(Date.parse(`${expiresOn}T00:00:00.000Z`) + DAY_MS - 1);
