import { randomBytes } from "node:crypto";
import type { ImageType } from "#shared/schemas/uploads.js";

/** The last part of a new image's address: 32 random bytes, unguessable (shared/schemas/uploads.ts). */
export function newImageKey(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What an uploaded file is, by its first bytes, never by its name or the type the browser claims: a file
 * served as an image must be one (an HTML or SVG file served from this origin could run script).
 */
const SIGNATURES: { type: ImageType; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: "image/png", matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/jpeg", matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { type: "image/gif", matches: (bytes) => ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a" },
  { type: "image/webp", matches: (bytes) => ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP" },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, at) => bytes[at] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return bytes.length >= to ? String.fromCharCode(...bytes.subarray(from, to)) : "";
}

/** The image type the bytes are, or null when they are none of the four accepted. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}
