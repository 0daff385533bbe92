import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imageDimensionsOf, imageTypeOf } from "#server/modules/courses/images.rules.js";
import { IMAGE_KIND_TYPES, type ImageKind, imageBytes } from "../support/image-bytes.js";

/** An upload's width and height come from its header, never from decoding it (decision 0277). */

const realFile = (path: string) => new Uint8Array(readFileSync(new URL(`../../${path}`, import.meta.url)));

describe("an image's dimensions", () => {
  it("are read from real files the app ships", () => {
    const jpeg = realFile("client/public/demo/trainwright-tour.jpg");
    expect(imageTypeOf(jpeg)).toBe("image/jpeg");
    expect(imageDimensionsOf(jpeg, "image/jpeg")).toEqual({ width: 1280, height: 720 });
    const png = realFile("client/public/icons/icon-192.png");
    expect(imageDimensionsOf(png, "image/png")).toEqual({ width: 192, height: 192 });
  });

  it.each<[ImageKind, number, number]>([
    ["png", 20_000, 20_000],
    ["png", 1, 4_000_000],
    ["jpeg", 65_535, 65_535],
    ["gif", 65_535, 3],
    ["webp", 16_777_216, 1],
    ["webp-lossy", 16_383, 16_383],
    ["webp-lossless", 16_384, 16_384],
    ["webp-lossless", 1, 1],
  ])("%s declaring %i × %i", (kind, width, height) => {
    const bytes = imageBytes(kind, { width, height });
    expect(imageTypeOf(bytes)).toBe(IMAGE_KIND_TYPES[kind]);
    expect(imageDimensionsOf(bytes, imageTypeOf(bytes) ?? "image/png")).toEqual({ width, height });
  });

  it("skips a JPEG's other segments and fill bytes to its frame, whichever kind of frame", () => {
    const frame = (marker: number) =>
      new Uint8Array([
        ...[0xff, 0xd8],
        ...[0xff, 0xe1, 0, 6, 1, 2, 3, 4], // APP1
        ...[0xff, 0xc4, 0, 4, 0, 0], // DHT: shares the SOF numbers, is no frame
        ...[0xff, 0xff, 0xff], // fill
        ...[0xff, marker, 0, 11, 8, 0x01, 0x2c, 0x02, 0x58, 1, 1, 0x11, 0],
      ]);
    for (const marker of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc9, 0xcf]) {
      expect(imageDimensionsOf(frame(marker), "image/jpeg")).toEqual({ width: 600, height: 300 });
    }
  });

  it("is null for a header cut short, broken or declaring no pixels", () => {
    expect(imageDimensionsOf(imageBytes("png").slice(0, 23), "image/png")).toBeNull();
    expect(imageDimensionsOf(imageBytes("png", { height: 0 }), "image/png")).toBeNull();
    expect(imageDimensionsOf(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg")).toBeNull();
    expect(imageDimensionsOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1]), "image/jpeg")).toBeNull();
    expect(imageDimensionsOf(new Uint8Array([0xff, 0xd8, 0x00, 0xe0, 0, 4, 0, 0]), "image/jpeg")).toBeNull();
    expect(imageDimensionsOf(imageBytes("gif").slice(0, 9), "image/gif")).toBeNull();
    const lossy = imageBytes("webp-lossy");
    lossy[24] = 0;
    expect(imageDimensionsOf(lossy, "image/webp")).toBeNull();
    const unknownChunk = imageBytes("webp");
    unknownChunk.set([0x41, 0x4c, 0x50, 0x48], 12); // ALPH
    expect(imageDimensionsOf(unknownChunk, "image/webp")).toBeNull();
  });
});
