import { OFFLINE_PATIENCE_MS, ORGANIZATION_HEADER } from "#shared/constants.js";
import {
  applyPendingCompletions,
  type BatchCall,
  errorStatus,
  jsonResponse,
  needsConnectionItem,
  numberField,
  parseBatchCall,
  resultJson,
  signedOutItem,
  stringField,
  uploadedImagesOf,
} from "./answers.js";
import { confirmConnection, connection, noteAnswered, noteUnanswered, onConnectionChange } from "./connection.js";
import { pendingCompletions } from "./queue.js";
import {
  adoptOwner,
  answerKey,
  forgetEverything,
  imageCacheName,
  offlineDatabase,
  ownerId,
  pageKey,
  rememberOrganizationSlugs,
} from "./store.js";

/**
 * The API client's fetch, made to work offline (decision 0141). It sits under tRPC, where every answer
 * passes: the reads a member needs to open courses and lessons are stored per person and organization as
 * they arrive, and served from the store when the network fails or hangs (decision 0293: reads never wait
 * on a connection that is not there, and what is not kept says it needs one); completions made on this device are
 * shown as done in them until the server confirms them. Sign-in, sign-out and a change of person are
 * seen here too, so that one person's records never outlive their session on this device.
 */

/** The reads kept for offline use: who is signed in, their organizations, and the course pages. */
const KEPT_PROCEDURES = new Set([
  "auth.me",
  "orgs.list",
  "courses.get",
  "courses.structure",
  "lessons.get",
  "lessons.signoff",
  "users.completions",
]);
/** Not per organization: stored under the person alone. */
const PERSONAL_PROCEDURES = new Set(["auth.me", "orgs.list"]);

/** A logout made offline, still to be sent: the session cookie lives until the server ends it. */
const PENDING_LOGOUT_KEY = "trainwright.pendingLogout";
const SIGNED_OUT = "You need to log in first.";

function pendingLogout(): boolean {
  try {
    return window.localStorage.getItem(PENDING_LOGOUT_KEY) === "true";
  } catch {
    return false;
  }
}

function setPendingLogout(pending: boolean): void {
  try {
    if (pending) window.localStorage.setItem(PENDING_LOGOUT_KEY, "true");
    else window.localStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // Storage blocked: the logout is then only as good as forgetting the records.
  }
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function organizationOf(init: RequestInit | undefined): number | null {
  const value = new Headers(init?.headers).get(ORGANIZATION_HEADER);
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function keyFor(userId: number, orgId: number | null, procedure: string, input: unknown): string {
  return answerKey(userId, PERSONAL_PROCEDURES.has(procedure) ? null : orgId, procedure, input);
}

async function cacheImages(userId: number, content: unknown): Promise<void> {
  const urls = uploadedImagesOf(content);
  if (urls.length === 0 || typeof caches === "undefined") return;
  const cache = await caches.open(imageCacheName(userId));
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      // One missing image must not keep the lesson from being stored.
      await cache.add(new Request(url, { credentials: "same-origin" })).catch(() => {});
    }),
  );
}

/** Keeps what this answer adds to the offline copy, or forgets what it says is gone. */
async function storeItem(userId: number, orgId: number | null, procedure: string, input: unknown, item: unknown) {
  const db = await offlineDatabase();
  const key = keyFor(userId, orgId, procedure, input);
  const json = resultJson(item);
  const id = numberField(json, "id");
  if (json === undefined) {
    // Deleted, or no longer visible to this person (removed from the organization): the offline copy goes too.
    const status = errorStatus(item);
    if ((status !== 403 && status !== 404) || orgId === null) return;
    await db.delete("answers", key);
    const inputId = numberField(input, "id");
    if (inputId === undefined) return;
    if (procedure === "lessons.get") await db.delete("pages", pageKey(userId, orgId, "lesson", inputId));
    if (procedure === "courses.get") await db.delete("pages", pageKey(userId, orgId, "course", inputId));
    return;
  }
  await db.put("answers", { key, userId, orgId, item, storedAt: Date.now() });
  if (procedure === "orgs.list" && Array.isArray(json)) {
    const slugs = json.flatMap((org: unknown) => {
      const orgKey = numberField(org, "id");
      const slug = stringField(org, "slug");
      return orgKey === undefined || slug === undefined ? [] : [[String(orgKey), slug] as const];
    });
    await rememberOrganizationSlugs(Object.fromEntries(slugs));
  }
  if (orgId === null || id === undefined) return;
  const title = stringField(json, "title") ?? "";
  if (procedure === "courses.get") {
    const existing = await db.get("pages", pageKey(userId, orgId, "course", id));
    await db.put("pages", {
      key: pageKey(userId, orgId, "course", id),
      userId,
      orgId,
      kind: "course",
      id,
      title,
      courseId: id,
      saved: existing?.saved ?? false,
      storedAt: Date.now(),
    });
  } else if (procedure === "lessons.get") {
    const course = (json as { course?: unknown }).course;
    await db.put("pages", {
      key: pageKey(userId, orgId, "lesson", id),
      userId,
      orgId,
      kind: "lesson",
      id,
      title,
      courseId: numberField(course, "id") ?? 0,
      saved: false,
      storedAt: Date.now(),
    });
    await cacheImages(userId, (json as { content?: unknown }).content);
  }
}

/** Answers are stored one call after another: a change of person must land before the next person's answers. */
let storing: Promise<unknown> = Promise.resolve();

async function storeAnswers(call: BatchCall, orgId: number | null, items: unknown[]): Promise<void> {
  call.procedures.forEach((procedure, index) => {
    if (procedure !== "auth.me") return;
    const userId = numberField(resultJson(items[index]), "id");
    if (userId !== undefined) storing = storing.then(() => adoptOwner(userId));
  });
  storing = storing.then(async () => {
    const owner = await ownerId();
    if (owner === null) return;
    for (const [index, procedure] of call.procedures.entries()) {
      if (KEPT_PROCEDURES.has(procedure)) await storeItem(owner, orgId, procedure, call.inputs[index], items[index]);
    }
  });
  await storing.catch((error: unknown) => console.error("Keeping an answer for offline use failed.", error));
}

async function withPendingCompletions(call: BatchCall, orgId: number | null, items: unknown[]): Promise<unknown[]> {
  const owner = await ownerId();
  if (owner === null) return items;
  const done = await pendingCompletions(owner, orgId);
  return items.map((item, index) => applyPendingCompletions(call.procedures[index] ?? "", item, done));
}

/** Each procedure's kept answer, or undefined where the device keeps none. */
async function storedItems(call: BatchCall, orgId: number | null): Promise<unknown[]> {
  const owner = await ownerId();
  if (owner === null) return call.procedures.map(() => undefined);
  const db = await offlineDatabase();
  return Promise.all(
    call.procedures.map(async (procedure, index) =>
      KEPT_PROCEDURES.has(procedure)
        ? (await db.get("answers", keyFor(owner, orgId, procedure, call.inputs[index])))?.item
        : undefined,
    ),
  );
}

/** The device's answer to the call: its copies, and "needs a connection" for what it keeps no copy of. */
async function deviceAnswer(call: BatchCall, orgId: number | null, stored: unknown[]): Promise<Response> {
  const items = stored.map((item) => item ?? needsConnectionItem());
  return jsonResponse(await withPendingCompletions(call, orgId, items));
}

/** Sends a logout made offline; true once the server has ended the session. */
async function sendPendingLogout(inner: typeof fetch): Promise<boolean> {
  try {
    const response = await inner("/_api/auth/logout", { method: "POST", credentials: "same-origin" });
    if (!response.ok) return false;
    setPendingLogout(false);
    return true;
  } catch {
    return false;
  }
}

/** The server's answer, kept where it adds to the offline copy and shown with the work waiting on this device. */
async function keepAnswer(call: BatchCall, orgId: number | null, response: Response): Promise<Response> {
  const kept = call.procedures.some((procedure) => KEPT_PROCEDURES.has(procedure));
  if (!kept || response.status >= 500 || !response.headers.get("content-type")?.includes("json")) return response;
  const items: unknown = await response.clone().json();
  if (!Array.isArray(items)) return response;
  await storeAnswers(call, orgId, items);
  return jsonResponse(await withPendingCompletions(call, orgId, items));
}

type NetworkOutcome = { response: Response } | { error: unknown };
const WAITED = "waited";

function waited(ms: number): { over: Promise<typeof WAITED>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const over = new Promise<typeof WAITED>((resolve) => {
    timer = setTimeout(() => resolve(WAITED), ms);
  });
  return { over, stop: () => clearTimeout(timer) };
}

/** Resolves once the server is known not to answer (the connection check failed, or the browser went offline). */
function serverUnheard(): { over: Promise<typeof WAITED>; stop: () => void } {
  let stop = () => {};
  const over = new Promise<typeof WAITED>((resolve) => {
    stop = onConnectionChange((now) => {
      if (now !== "online") resolve(WAITED);
    });
  });
  return { over, stop };
}

/**
 * A read (decisions 0141 and 0293). The server's answer when it comes within the bounded wait, kept for
 * offline use. Otherwise the device answers: at once when the network fails or the server is already known
 * not to answer, after OFFLINE_PATIENCE_MS when the network hangs, with its copies and "needs a connection" for the rest, so that no screen waits on a connection that
 * is not there. A call of which the device keeps nothing waits longer for a server that is only slow: until
 * the connection check says the server is not there. An answer that comes after all is kept for next time.
 */
async function read(inner: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined, call: BatchCall) {
  const orgId = organizationOf(init);
  const copies = storedItems(call, orgId).catch(() => call.procedures.map(() => undefined));
  const answered: Promise<NetworkOutcome> = inner(input, init).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
  const stored = await copies;
  const anyCopy = stored.some((item) => item !== undefined);
  // Once the server is known not to answer, what the device keeps opens at once.
  const patience = waited(anyCopy && connection() !== "online" ? 0 : OFFLINE_PATIENCE_MS);
  let outcome = await Promise.race([answered, patience.over]);
  patience.stop();
  if (outcome === WAITED && !anyCopy && connection() === "online") {
    const unheard = serverUnheard();
    void confirmConnection();
    outcome = await Promise.race([answered, unheard.over]);
    unheard.stop();
  }
  if (outcome === WAITED) {
    noteUnanswered();
    void answered
      .then((late) => {
        if (!("response" in late)) return;
        noteAnswered();
        return keepAnswer(call, orgId, late.response);
      })
      .catch((error: unknown) => console.error("Keeping a late answer for offline use failed.", error));
    return deviceAnswer(call, orgId, stored);
  }
  if ("error" in outcome) {
    if (!isNetworkFailure(outcome.error)) throw outcome.error;
    // One refused request is not the connection gone: the check says which it is.
    await confirmConnection();
    if (!anyCopy && connection() === "online") throw outcome.error;
    return deviceAnswer(call, orgId, stored);
  }
  noteAnswered();
  return keepAnswer(call, orgId, outcome.response);
}

async function write(inner: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined, call: BatchCall) {
  const loggingOut = call.procedures.includes("auth.logout");
  let response: Response;
  try {
    response = await inner(input, init);
  } catch (error) {
    if (!isNetworkFailure(error) || !loggingOut) throw error;
    // Logging out offline: this device forgets the person now; the server hears of it when it can.
    await forgetEverything();
    setPendingLogout(true);
    return jsonResponse([{ result: { data: { json: { message: "Logged out." } } } }]);
  }
  if (!response.ok) return response;
  if (loggingOut) {
    await forgetEverything();
    setPendingLogout(false);
  }
  if (call.procedures.some((procedure) => procedure === "auth.login" || procedure === "auth.register")) {
    const items: unknown = await response.clone().json();
    const userId = Array.isArray(items) ? numberField(resultJson(items[0]), "id") : undefined;
    setPendingLogout(false);
    if (userId !== undefined) await adoptOwner(userId);
  }
  return response;
}

export function offlineAwareFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const call = parseBatchCall(url);
    if (!call) return inner(input, init);
    if (pendingLogout() && !call.procedures.includes("auth.login") && !call.procedures.includes("auth.register")) {
      if (!(await sendPendingLogout(inner))) return jsonResponse(call.procedures.map(() => signedOutItem(SIGNED_OUT)));
    }
    const method = (init?.method ?? "GET").toUpperCase();
    return method === "GET" ? read(inner, input, init, call) : write(inner, input, init, call);
  };
}
