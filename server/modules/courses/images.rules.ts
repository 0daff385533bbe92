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

export interface ImageDimensions {
  width: number;
  height: number;
}

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
}

function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
}

function u24le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | ((bytes[at + 2] as number) << 16);
}

function u32be(bytes: Uint8Array, at: number): number {
  return u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
}

/** PNG: the IHDR chunk comes first, right after the signature: width and height, 4 bytes each. */
function pngDimensions(bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== "IHDR") return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** GIF: the logical screen every frame is drawn on, right after the signature. */
function gifDimensions(bytes: Uint8Array): ImageDimensions | null {
  if (bytes.length < 10) return null;
  return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpDimensions(bytes: Uint8Array): ImageDimensions | null {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === "VP8 " && bytes.length >= 30) {
    // The key frame's start code, then 14-bit width and height (the top two bits are scaling).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === "VP8L" && bytes.length >= 25) {
    if (bytes[20] !== 0x2f) return null;
    const bits = u16le(bytes, 21) | ((bytes[23] as number) << 16) | ((bytes[24] as number) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && bytes.length >= 30) return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  return null;
}

/**
 * JPEG: the segments before the image data, until a start-of-frame (SOF0–SOF15 but DHT, JPG and DAC,
 * which share their numbers) that gives the frame's height and width. A frame whose height is 0 (set
 * later by a DNL marker) is not read: refused like any unreadable file.
 */
function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers; the image data or its end come after a frame.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

const DIMENSIONS: Record<ImageType, (bytes: Uint8Array) => ImageDimensions | null> = {
  "image/png": pngDimensions,
  "image/gif": gifDimensions,
  "image/webp": webpDimensions,
  "image/jpeg": jpegDimensions,
};

/**
 * The width and height an image declares in its header, read without decoding it (a decoder would
 * allocate width × height pixels: what the pixel limit is there to refuse). Null when the header is
 * missing, cut short or says 0 × 0: no browser could show such a file either.
 */
export function imageDimensionsOf(bytes: Uint8Array, type: ImageType): ImageDimensions | null {
  const dimensions = DIMENSIONS[type](bytes);
  if (!dimensions || dimensions.width < 1 || dimensions.height < 1) return null;
  return dimensions;
}
