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

async function refusalMessage(response: Response): Promise<string> {
  try {
    const body = await answerOf(response);
    if (typeof body === "object" && body !== null && "error" in body && typeof body.error === "string") {
      return body.error;
    }
  } catch {
    // Not the API's JSON error (a proxy's page, a cut connection): the status says enough.
  }
  return response.status === 413
    ? UPLOAD_MESSAGES.tooLarge
    : `The image could not be uploaded (error ${response.status}).`;
}

/**
 * Uploads an image of a course (raw bytes, their own Content-Type; tRPC carries JSON only) and answers its
 * same-origin address. Like every call, it names the page's organization.
 */
export async function uploadImage(courseId: number, file: Blob): Promise<string> {
  const refusal = imageRefusal(file);
  if (refusal) throw new UploadError(refusal);
  let response: Response;
  try {
    response = await fetch(`/_api/uploads/image?courseId=${courseId}`, {
      method: "POST",
      headers: { "Content-Type": file.type, ...organizationHeaders() },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new UploadError("The image could not be uploaded: check your connection and try again.");
  }
  if (!response.ok) throw new UploadError(await refusalMessage(response));
  const answer = await answerOf(response);
  if (typeof answer === "object" && answer !== null && "url" in answer && typeof answer.url === "string") {
    return answer.url;
  }
  throw new UploadError("The server's answer to the upload had no image address.");
}
