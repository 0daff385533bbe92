import { fetchOutlivingPage, pageOrganizationId } from "#client/lib/trpc.js";
import { OFFLINE_PATIENCE_MS } from "#shared/constants.js";
import { dismissAction, enqueue, ownerQueue, type Sent, SYNC_TAG, sendNow } from "./queue.js";
import { ownerId, type QueuedAction } from "./store.js";

/**
 * Doing something the member may do offline (decision 0140): completing a lesson, signing it, submitting
 * its knowledge check. The action is stored first, then sent; without a connection it stays queued and
 * goes when the connection returns. A refusal while online is the caller's to show, and is not kept.
 */

/** The server refused the action (the lesson is gone, the name does not match…): its own words. */
export class ActionRefused extends Error {}

/** "sent" with the server's answer, or "queued" on this device. */
export type Performed<Answer> = { outcome: "sent"; answer: Answer } | { outcome: "queued" };

/** Background Sync sends the queue even after the app is closed, where the browser has it (Chromium). */
async function requestBackgroundSync(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (
    registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(SYNC_TAG).catch(() => {
    // Not allowed here: the next online event or app start sends the queue instead.
  });
}

/**
 * Sends the action now, but waits for the server only so long (decision 0293): on a network that hangs it
 * stays queued and the member is told so. The send goes on; if the server takes it after all, the queue
 * forgets it then, and a second send of the same action is answered once (decision 0140).
 */
async function sendWithin(action: QueuedAction, ms: number): Promise<Sent> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<Sent>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: "later" }), ms);
  });
  try {
    // Sent as the page goes away too (a SCORM lesson's last commit): keep-alive while the page is hidden.
    return await Promise.race([sendNow(action, fetchOutlivingPage), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Queues and sends one action. `direct` is the plain call, used when nothing can be stored (no
 * IndexedDB) or the page names no organization. The answer is the server's, as its REST path gives it.
 */
export async function performQueued<Answer>(
  action: Pick<QueuedAction, "kind" | "lessonId" | "title" | "signature" | "answers" | "scormCommit">,
  direct: () => Promise<Answer>,
  failed: string,
): Promise<Performed<Answer>> {
  const [owner, orgId] = [await ownerId().catch(() => null), pageOrganizationId()];
  if (owner === null || orgId === undefined) return { outcome: "sent", answer: await direct() };
  const stored = await enqueue({ ...action, clientId: crypto.randomUUID(), userId: owner, orgId });
  const sent = await sendWithin(stored, OFFLINE_PATIENCE_MS);
  if (sent.outcome === "sent") return { outcome: "sent", answer: sent.answer as Answer };
  if (sent.outcome === "later") {
    await requestBackgroundSync();
    return { outcome: "queued" };
  }
  const refused = (await ownerQueue()).find((each) => each.clientId === stored.clientId);
  await dismissAction(stored.clientId);
  throw new ActionRefused(refused?.error ?? failed);
}
