/**
 * Image files as the upload path reads them (server/modules/courses/images.rules.ts): a real header with
 * the dimensions it declares, then filler up to `size` bytes. The server reads the header and never
 * decodes the pixels, so the filler need not be image data.
 */

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const u16be = (value: number) => [(value >>> 8) & 0xff, value & 0xff];
const u16le = (value: number) => [value & 0xff, (value >>> 8) & 0xff];
const u24le = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff];
const u32be = (value: number) => [...u16be(Math.floor(value / 0x10000)), ...u16be(value & 0xffff)];

export type ImageKind = "png" | "jpeg" | "gif" | "webp" | "webp-lossy" | "webp-lossless";

function headerOf(kind: ImageKind, width: number, height: number): number[] {
  switch (kind) {
    case "png":
      return [
        0x89,
        ...ascii("PNG\r\n\x1a\n"),
        0,
        0,
        0,
        13,
        ...ascii("IHDR"),
        ...u32be(width),
        ...u32be(height),
        8,
        6,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
      ];
    case "jpeg":
      // SOI, an APP0 (JFIF) segment, then the frame (SOF0): precision, height, width, components.
      return [
        0xff,
        0xd8,
        0xff,
        0xe0,
        ...u16be(16),
        ...ascii("JFIF\0"),
        1,
        1,
        0,
        0,
        1,
        0,
        1,
        0,
        0,
        0xff,
        0xc0,
        ...u16be(17),
        8,
        ...u16be(height),
        ...u16be(width),
        3,
        1,
        0x22,
        0,
        2,
        0x11,
        1,
        3,
        0x11,
        1,
      ];
    case "gif":
      return [...ascii("GIF89a"), ...u16le(width), ...u16le(height), 0, 0, 0];
    case "webp":
      return [
        ...ascii("RIFF"),
        0,
        0,
        0,
        0,
        ...ascii("WEBPVP8X"),
        10,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        ...u24le(width - 1),
        ...u24le(height - 1),
      ];
    case "webp-lossy":
      return [
        ...ascii("RIFF"),
        0,
        0,
        0,
        0,
        ...ascii("WEBPVP8 "),
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0x9d,
        0x01,
        0x2a,
        ...u16le(width),
        ...u16le(height),
      ];
    case "webp-lossless": {
      const bits = (width - 1) | ((height - 1) << 14);
      return [
        ...ascii("RIFF"),
        0,
        0,
        0,
        0,
        ...ascii("WEBPVP8L"),
        0,
        0,
        0,
        0,
        0x2f,
        bits & 0xff,
        (bits >>> 8) & 0xff,
        (bits >>> 16) & 0xff,
        (bits >>> 24) & 0xff,
      ];
    }
  }
}

export const IMAGE_KIND_TYPES: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  "webp-lossy": "image/webp",
  "webp-lossless": "image/webp",
};

/** A `kind` file declaring `width` × `height` pixels, `size` bytes long (at least its header), ending in `marker`s. */
export function imageBytes(
  kind: ImageKind,
  options: { width?: number; height?: number; size?: number; marker?: number } = {},
): Uint8Array<ArrayBuffer> {
  const header = headerOf(kind, options.width ?? 16, options.height ?? 16);
  const bytes = new Uint8Array(Math.max(header.length, options.size ?? header.length + 4));
  bytes.set(header);
  for (let at = header.length; at < bytes.length; at += 1) bytes[at] = options.marker ?? at % 251;
  return bytes;
}
