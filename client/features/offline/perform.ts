import { pageOrganizationId } from "#client/lib/trpc.js";
import { dismissAction, enqueue, ownerQueue, SYNC_TAG, sendNow } from "./queue.js";
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
 * Queues and sends one action. `direct` is the plain call, used when nothing can be stored (no
 * IndexedDB) or the page names no organization. The answer is the server's, as its REST path gives it.
 */
export async function performQueued<Answer>(
  action: Pick<QueuedAction, "kind" | "lessonId" | "title" | "signature" | "answers">,
  direct: () => Promise<Answer>,
  failed: string,
): Promise<Performed<Answer>> {
  const [owner, orgId] = [await ownerId().catch(() => null), pageOrganizationId()];
  if (owner === null || orgId === undefined) return { outcome: "sent", answer: await direct() };
  const stored = await enqueue({ ...action, clientId: crypto.randomUUID(), userId: owner, orgId });
  const sent = await sendNow(stored);
  if (sent.outcome === "sent") return { outcome: "sent", answer: sent.answer as Answer };
  if (sent.outcome === "later") {
    await requestBackgroundSync();
    return { outcome: "queued" };
  }
  const refused = (await ownerQueue()).find((each) => each.clientId === stored.clientId);
  await dismissAction(stored.clientId);
  throw new ActionRefused(refused?.error ?? failed);
}
