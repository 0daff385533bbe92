import { z } from "zod";
import { API_PREFIX, ORGANIZATION_STORAGE_BYTES } from "#shared/constants.js";
import { courseIdField } from "./courses.js";

/**
 * Images in lessons (decision 0052): uploaded as raw bytes to `POST /_api/uploads/image?courseId=N`, stored in
 * the database, and served to the members of their organization at IMAGE_URL_PREFIX + key.
 */
/** Not in the spec: the most pixels an image may have, width × height (decision 0277). */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** Bytes as the settings page and the messages show them: whole megabytes of 1,048,576 bytes. */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${value > 0 && value < 1 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US")} MB`;
}

export const UPLOAD_MESSAGES = {
  typeRefused: "Only PNG, JPEG, GIF or WebP images can be uploaded.",
  tooLarge: "Images can be at most 5 MB.",
  imageNotFound: "Image not found.",
  unreadable: "This image could not be read. Save it again as PNG, JPEG, GIF or WebP and upload it.",
  tooManyPixels:
    "Images can be at most 50 megapixels (for example 8,000 × 6,000 pixels). Make it smaller and upload it again.",
  storageFull: `Your organization's images would take more than ${megabytes(ORGANIZATION_STORAGE_BYTES)}, its storage limit. Delete courses you no longer need to make room.`,
} as const;

/** The content types an image may be uploaded as; each is checked against the bytes' own signature. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const IMAGE_URL_PREFIX = `${API_PREFIX}/uploads/images/`;

/** 32 random bytes in base64url: unguessable, and safe in a URL path as it is. */
const IMAGE_KEY = /^[A-Za-z0-9_-]{43}$/;

export function isImageKey(key: string): boolean {
  return IMAGE_KEY.test(key);
}

export function imageUrlOf(key: string): string {
  return `${IMAGE_URL_PREFIX}${key}`;
}

/** The key of an own upload URL (exactly `/_api/uploads/images/<key>`), or null for any other address. */
export function imageKeyOf(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null;
  const key = url.slice(IMAGE_URL_PREFIX.length);
  return isImageKey(key) ? key : null;
}

const M = UPLOAD_MESSAGES;

/**
 * What the upload procedure takes. The REST adapter builds it from the query string (courseId), the
 * Content-Type header and the raw body (server/platform/http/rest.ts, `body: "bytes"`).
 */
export const uploadImageInput = z.object(
  {
    courseId: courseIdField,
    contentType: z.enum(IMAGE_TYPES, { error: M.typeRefused }),
    bytes: z.instanceof(Uint8Array, { error: M.typeRefused }).refine((bytes) => bytes.length > 0, M.typeRefused),
  },
  { error: M.typeRefused },
);

/** Any text: a key that is not one is "not found" like an unknown one, never a validation message. */
export const imageKeyInput = z.object({ key: z.string({ error: M.imageNotFound }) }, { error: M.imageNotFound });
