import superjson from "superjson";
import { CLIENT_ACTION_KINDS, type ClientActionKind } from "#shared/client-action-kinds.js";
import { API_PREFIX, ORGANIZATION_HEADER } from "#shared/constants.js";
import { keepCheckResult } from "./check-results.js";
import { announceChange, offlineDatabase, ownerId, type QueuedAction } from "./store.js";

/**
 * The queue of work done on this device (decision 0140), used by the pages and by the service worker's
 * Background Sync. An action is stored before it is sent and removed only once the server has answered,
 * so a closed tab or a lost answer means one more send of the same `clientId`, which the server counts
 * once. Refused actions stay, marked, until the member dismisses them.
 */

/** Where each kind is sent, and the body it takes besides its clientId. */
const SENDERS: Record<ClientActionKind, { path: string; body: (action: QueuedAction) => Record<string, unknown> }> = {
  [CLIENT_ACTION_KINDS.lessonComplete]: {
    path: `${API_PREFIX}/lessons/complete`,
    body: (action) => ({ lessonId: action.lessonId }),
  },
  [CLIENT_ACTION_KINDS.lessonSign]: {
    path: `${API_PREFIX}/lessons/sign`,
    body: (action) => ({ lessonId: action.lessonId, ...action.signature, agreed: true }),
  },
  [CLIENT_ACTION_KINDS.quizSubmit]: {
    path: `${API_PREFIX}/quizzes/submit`,
    body: (action) => ({ lessonId: action.lessonId, answers: action.answers ?? [] }),
  },
  [CLIENT_ACTION_KINDS.scormCommit]: {
    path: `${API_PREFIX}/scorm/commit`,
    body: (action) => ({ lessonId: action.lessonId, ...action.scormCommit }),
  },
};

/** The same SCO's commit, still waiting: each commit carries the SCO's whole data, so the newest stands for it. */
function supersedes(newer: QueuedAction, older: QueuedAction): boolean {
  return (
    newer.kind === CLIENT_ACTION_KINDS.scormCommit &&
    older.kind === newer.kind &&
    older.status === "pending" &&
    older.userId === newer.userId &&
    older.orgId === newer.orgId &&
    older.lessonId === newer.lessonId &&
    older.scormCommit?.sco === newer.scormCommit?.sco &&
    older.scormCommit?.packageVersion === newer.scormCommit?.packageVersion
  );
}

/** The Background Sync tag the service worker listens for. */
export const SYNC_TAG = "trainwright-queue";

/** Stores the action; a SCORM commit replaces the same SCO's commit still waiting (docs/decisions/0361). */
export async function enqueue(action: Omit<QueuedAction, "status" | "createdAt">): Promise<QueuedAction> {
  const stored: QueuedAction = { ...action, status: "pending", createdAt: Date.now() };
  const db = await offlineDatabase();
  if (stored.kind === CLIENT_ACTION_KINDS.scormCommit) {
    for (const older of await db.getAll("queue"))
      if (supersedes(stored, older)) await db.delete("queue", older.clientId);
  }
  await db.put("queue", stored);
  announceChange();
  return stored;
}

/** The owner's queued and refused actions, oldest first. */
export async function ownerQueue(): Promise<QueuedAction[]> {
  const owner = await ownerId();
  if (owner === null) return [];
  const all = await (await offlineDatabase()).getAll("queue");
  return all.filter((action) => action.userId === owner).sort((a, b) => a.createdAt - b.createdAt);
}

export async function dismissAction(clientId: string): Promise<void> {
  await (await offlineDatabase()).delete("queue", clientId);
  announceChange();
}

/** "sent": the server took it; "refused": it never will; "later": offline, signed out or a server error. */
export type SendOutcome = "sent" | "refused" | "later";

/** The outcome, and the server's answer once sent. */
export interface Sent {
  outcome: SendOutcome;
  answer?: unknown;
}

/** A REST answer is superjson (`{ json, meta }`). */
async function answerOf(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || !("json" in body)) return body;
  return superjson.deserialize(body as Parameters<typeof superjson.deserialize>[0]);
}

function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("json" in body)) return undefined;
  const json = body.json;
  if (typeof json !== "object" || json === null || !("error" in json)) return undefined;
  return typeof json.error === "string" ? json.error : undefined;
}

/** `later`: sent from the queue, not while the member waits on the page (who then sees the answer there). */
async function send(action: QueuedAction, fetchImpl: typeof fetch, later: boolean): Promise<Sent> {
  const sender = SENDERS[action.kind];
  let response: Response;
  try {
    response = await fetchImpl(sender.path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", [ORGANIZATION_HEADER]: String(action.orgId) },
      body: JSON.stringify({
        ...sender.body(action),
        clientId: action.clientId,
        doneAt: new Date(action.createdAt).toISOString(),
      }),
    });
  } catch {
    return { outcome: "later" };
  }
  const db = await offlineDatabase();
  if (response.ok) {
    const answer = await answerOf(response);
    // A check graded after the fact: its result waits on the device for the member (decision 0143).
    if (later && action.kind === CLIENT_ACTION_KINDS.quizSubmit) await keepCheckResult(action, answer);
    await db.delete("queue", action.clientId);
    return { outcome: "sent", answer };
  }
  // Signed out (the member signs in again and it goes then), rate-limited or a server error: try again later.
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500) {
    return { outcome: "later" };
  }
  const message = errorMessageOf(await response.json().catch(() => undefined));
  await db.put("queue", { ...action, status: "refused", error: message ?? `Refused (${response.status}).` });
  return { outcome: "refused" };
}

let running: Promise<SendOutcome[]> | undefined;

/**
 * Sends the owner's pending actions, oldest first, and stops at the first one that has to wait (no
 * connection: the rest would wait too). One run at a time per page or worker; a page and the worker
 * running together may send one action twice, which the server answers once.
 */
export function sendQueue(fetchImpl: typeof fetch = fetch): Promise<SendOutcome[]> {
  running ??= (async () => {
    const outcomes: SendOutcome[] = [];
    try {
      for (const action of await ownerQueue()) {
        if (action.status !== "pending") continue;
        const { outcome } = await send(action, fetchImpl, true);
        outcomes.push(outcome);
        if (outcome === "later") break;
      }
    } finally {
      running = undefined;
      if (outcomes.some((outcome) => outcome !== "later")) announceChange("sent");
    }
    return outcomes;
  })();
  return running;
}

/** The one action, sent now (the member just did it): "later" keeps it queued. */
export async function sendNow(action: QueuedAction, fetchImpl: typeof fetch = fetch): Promise<Sent> {
  const sent = await send(action, fetchImpl, false);
  if (sent.outcome !== "later") announceChange("sent");
  return sent;
}

/** Kinds that complete their lesson once the server takes them; a check does only if it is passed. */
const COMPLETING_KINDS: ReadonlySet<ClientActionKind> = new Set([
  CLIENT_ACTION_KINDS.lessonComplete,
  CLIENT_ACTION_KINDS.lessonSign,
]);

/** Lesson ids the owner completed (or signed) here that the server has not yet confirmed, by organization. */
export async function pendingCompletions(userId: number, orgId: number | null): Promise<Set<number>> {
  const all = await (await offlineDatabase()).getAll("queue");
  return new Set(
    all
      .filter(
        (action) =>
          COMPLETING_KINDS.has(action.kind) &&
          action.status === "pending" &&
          action.userId === userId &&
          action.orgId === orgId,
      )
      .map((action) => action.lessonId),
  );
}
