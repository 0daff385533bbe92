import { NEEDS_CONNECTION_CODE, NEEDS_CONNECTION_MESSAGE } from "#client/lib/errors.js";

/**
 * tRPC's batch wire format (httpBatchLink with superjson), as far as the offline layer reads and writes it:
 * `/_api/trpc/a,b?batch=1&input={"0":{"json":…},"1":…}` answered by `[{ result: { data: { json } } }, …]`.
 */

export interface BatchCall {
  procedures: string[];
  /** Each procedure's input, as sent (superjson's `{ json }` or nothing). */
  inputs: unknown[];
}

const TRPC_PATH = "/_api/trpc/";

export function parseBatchCall(url: URL): BatchCall | null {
  if (!url.pathname.startsWith(TRPC_PATH) || url.searchParams.get("batch") !== "1") return null;
  const procedures = decodeURIComponent(url.pathname.slice(TRPC_PATH.length)).split(",");
  let inputs: Record<string, unknown> = {};
  try {
    const raw = url.searchParams.get("input");
    if (raw) inputs = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  return { procedures, inputs: procedures.map((_, index) => inputs[String(index)] ?? null) };
}

/** The URL of a one-query batch, for reads the offline layer makes itself (saving a course). */
export function batchUrl(procedure: string, input: unknown): string {
  return `${TRPC_PATH}${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: input } }))}`;
}

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null;
}

/** The `json` of a successful item, or undefined for an error item. */
export function resultJson(item: unknown): unknown {
  if (!isObject(item) || !isObject(item.result) || !isObject(item.result.data)) return undefined;
  return item.result.data.json;
}

/** The HTTP status of an error item. */
export function errorStatus(item: unknown): number | undefined {
  if (!isObject(item) || !isObject(item.error) || !isObject(item.error.json)) return undefined;
  const data = item.error.json.data;
  return isObject(data) && typeof data.httpStatus === "number" ? data.httpStatus : undefined;
}

export function numberField(value: unknown, field: string): number | undefined {
  if (!isObject(value)) return undefined;
  const found = value[field];
  return typeof found === "number" ? found : undefined;
}

export function stringField(value: unknown, field: string): string | undefined {
  if (!isObject(value)) return undefined;
  const found = value[field];
  return typeof found === "string" ? found : undefined;
}

/** The lesson ids of a course answer (courses/get) or structure (courses/structure). */
export function lessonIdsOf(modules: unknown): number[] {
  const list = isObject(modules) && !Array.isArray(modules) ? modules.modules : modules;
  if (!Array.isArray(list)) return [];
  return list.flatMap((module: unknown) =>
    isObject(module) && Array.isArray(module.lessons)
      ? module.lessons.flatMap((lesson: unknown) => numberField(lesson, "id") ?? [])
      : [],
  );
}

function markLessons(modules: unknown, done: Set<number>): void {
  if (!Array.isArray(modules)) return;
  for (const module of modules) {
    if (!isObject(module) || !Array.isArray(module.lessons)) continue;
    for (const lesson of module.lessons) {
      if (isObject(lesson) && typeof lesson.id === "number" && done.has(lesson.id)) lesson.isCompleted = true;
    }
  }
}

/**
 * Shows completions made on this device and not yet confirmed as done, in the answers that show a
 * member's progress: the lesson page, the course page and structure, and the list of completed lessons.
 */
export function applyPendingCompletions(procedure: string, item: unknown, done: Set<number>): unknown {
  if (done.size === 0) return item;
  const json = resultJson(item);
  if (!isObject(json) && !Array.isArray(json)) return item;
  const copy = structuredClone(item) as { result: { data: { json: unknown } } };
  const target = copy.result.data.json;
  if (procedure === "lessons.get" && isObject(target) && typeof target.id === "number" && done.has(target.id)) {
    target.isCompleted = true;
  } else if (procedure === "courses.get" && isObject(target)) {
    markLessons(target.modules, done);
  } else if (procedure === "courses.structure") {
    markLessons(target, done);
  } else if (procedure === "users.completions" && isObject(target) && Array.isArray(target.lessonIds)) {
    target.lessonIds = [...new Set([...target.lessonIds, ...done])];
  }
  return copy;
}

/** Images uploaded to the app that a lesson's content shows (GET /_api/uploads/images/:key). */
export function uploadedImagesOf(content: unknown): string[] {
  if (typeof content !== "string") return [];
  return [...new Set(content.match(/\/_api\/uploads\/images\/[A-Za-z0-9_-]+/g) ?? [])];
}

export function jsonResponse(items: unknown[]): Response {
  const failed = items.some((item) => resultJson(item) === undefined);
  return new Response(JSON.stringify(items), {
    status: failed ? 207 : 200,
    headers: { "content-type": "application/json" },
  });
}

/** A "signed out" answer for every procedure of a call (a logout made offline that is still to be sent). */
export function signedOutItem(message: string): unknown {
  return { error: { json: { message, code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } } } };
}

/** The answer to a read the device keeps no copy of, while the server cannot be heard (decision 0293). */
export function needsConnectionItem(): unknown {
  return {
    error: {
      json: {
        message: NEEDS_CONNECTION_MESSAGE,
        code: -32603,
        data: { code: NEEDS_CONNECTION_CODE, httpStatus: 503 },
      },
    },
  };
}
