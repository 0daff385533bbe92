import { useMutation } from "@tanstack/react-query";
import { courseReaders } from "#client/features/courses/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { toast } from "#client/lib/toast.js";
import { pageOrganizationId, trpcClient } from "#client/lib/trpc.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import { dismissAction, enqueue, ownerQueue, SYNC_TAG, sendNow } from "./queue.js";
import { ownerId } from "./store.js";

export const COMPLETION_TEXT = {
  sent: "Lesson marked as complete!",
  queued: "Saved on this device. It will sync when you're back online.",
  failed: "Failed to mark as complete.",
} as const;

/** The server refused the completion (the lesson is gone, or the member no longer sees it): its own words. */
class CompletionRefused extends Error {}

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
 * Completing a lesson (docs/SPEC.md §4) through the device's queue (decision 0140): stored first, then
 * sent; without a connection it stays queued, is shown as done with "Waiting to sync", and goes when the
 * connection returns. A refusal while online is shown at once and not kept.
 */
async function completeLesson(lesson: { id: number; title: string }): Promise<"sent" | "queued"> {
  const [owner, orgId] = [await ownerId().catch(() => null), pageOrganizationId()];
  if (owner === null || orgId === undefined) {
    // Nothing to queue under (storage unavailable): the plain call, as before.
    await trpcClient.lessons.complete.mutate({ lessonId: lesson.id });
    return "sent";
  }
  const action = await enqueue({
    clientId: crypto.randomUUID(),
    kind: CLIENT_ACTION_KINDS.lessonComplete,
    userId: owner,
    orgId,
    lessonId: lesson.id,
    title: lesson.title,
  });
  const outcome = await sendNow(action);
  if (outcome === "sent") return "sent";
  if (outcome === "later") {
    await requestBackgroundSync();
    return "queued";
  }
  const refused = (await ownerQueue()).find((each) => each.clientId === action.clientId);
  await dismissAction(action.clientId);
  throw new CompletionRefused(refused?.error ?? COMPLETION_TEXT.failed);
}

export function useCompleteLesson() {
  return useMutation({
    mutationFn: completeLesson,
    meta: { invalidates: courseReaders() },
    onSuccess: (outcome) => toast.success(outcome === "sent" ? COMPLETION_TEXT.sent : COMPLETION_TEXT.queued),
    onError: (error) =>
      toast.error(error instanceof CompletionRefused ? error.message : errorMessage(error, COMPLETION_TEXT.failed)),
  });
}
