import superjson from "superjson";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { pageOrganizationId } from "./trpc.js";

/** `attachment; filename="report.csv"` → report.csv (the server names its files; quotes are optional). */
function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1];
}

/** The `error` text of a failed REST answer (docs/DESIGN.md §4: superjson-encoded `{ error }`). */
async function failureText(response: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = superjson.parse(await response.text());
    if (typeof body === "object" && body !== null && "error" in body && typeof body.error === "string")
      return body.error;
  } catch {
    // Not a JSON answer (a proxy's error page): the fallback says enough.
  }
  return fallback;
}

/**
 * Downloads a file the server makes (a CSV export) and hands it to the browser's save mechanism.
 * Fetched rather than linked: a plain link cannot send the organization header, and without it a REST
 * path acts on the session's current organization, which another tab may have switched (decision 0017).
 */
export async function downloadFile(
  path: string,
  { fallbackName, failure, post }: { fallbackName: string; failure: string; post?: unknown },
) {
  const organizationId = pageOrganizationId();
  const headers: Record<string, string> =
    organizationId === undefined ? {} : { [ORGANIZATION_HEADER]: String(organizationId) };
  // A file made from a form's fields (the inspection pack) is a POST with JSON, as every write is.
  if (post !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    credentials: "same-origin",
    headers,
    ...(post === undefined ? {} : { method: "POST", body: JSON.stringify(post) }),
  });
  if (!response.ok) throw new Error(await failureText(response, failure));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers.get("Content-Disposition")) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once could cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
