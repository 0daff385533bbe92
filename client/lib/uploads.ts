import superjson from "superjson";
import { IMAGE_MAX_BYTES, IMAGE_TYPES, UPLOAD_MESSAGES } from "#shared/schemas/uploads.js";
import { organizationHeaders } from "./trpc.js";

export class UploadError extends Error {}

/** The reason this file cannot be uploaded, or null when it may be: said at once, the server checks the bytes again. */
function imageRefusal(file: Blob): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.typeRefused;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** The REST paths answer in the rich (superjson) format, like every documented path. */
async function answerOf(response: Response): Promise<unknown> {
  return superjson.deserialize(await response.json());
}

async function refusalMessage(response: Response, words: UploadWords): Promise<string> {
  try {
    const body = await answerOf(response);
    if (typeof body === "object" && body !== null && "error" in body && typeof body.error === "string") {
      return body.error;
    }
  } catch {
    // Not the API's JSON error (a proxy's page, a cut connection): the status says enough.
  }
  return response.status === 413 ? words.tooLarge : `${words.failed} (error ${response.status}).`;
}

/** What an upload's failures say: over the size limit, and "could not be uploaded" for the rest. */
interface UploadWords {
  tooLarge: string;
  failed: string;
}

/**
 * Posts a file as raw bytes with its own Content-Type (tRPC carries JSON only) to a REST path that takes
 * them, and answers the decoded answer's `field` (a text). Like every call, it names the page's organization.
 */
export async function uploadFile(path: string, file: Blob, field: string, words: UploadWords): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": file.type, ...organizationHeaders() },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new UploadError(`${words.failed}: check your connection and try again.`);
  }
  if (!response.ok) throw new UploadError(await refusalMessage(response, words));
  const answer = await answerOf(response);
  const value = typeof answer === "object" && answer !== null ? (answer as Record<string, unknown>)[field] : undefined;
  if (typeof value === "string") return value;
  throw new UploadError(`${words.failed}: the server's answer was not understood.`);
}

/** Uploads an image of a course and answers its same-origin address. */
export async function uploadImage(courseId: number, file: Blob): Promise<string> {
  const refusal = imageRefusal(file);
  if (refusal) throw new UploadError(refusal);
  return uploadFile(`/_api/uploads/image?courseId=${courseId}`, file, "url", {
    tooLarge: UPLOAD_MESSAGES.tooLarge,
    failed: "The image could not be uploaded",
  });
}
