import { useMutation } from "@tanstack/react-query";
import { courseReaders } from "#client/features/courses/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { toast } from "#client/lib/toast.js";
import { trpcClient } from "#client/lib/trpc.js";
import { CLIENT_ACTION_KINDS } from "#shared/client-action-kinds.js";
import { ActionRefused, performQueued } from "./perform.js";

const COMPLETION_TEXT = {
  sent: "Lesson marked as complete!",
  queued: "Saved on this device. It will sync when you're back online.",
  failed: "Failed to mark as complete.",
} as const;

/**
 * Completing a lesson (docs/SPEC.md §4) through the device's queue (decision 0140): without a connection it
 * is shown as done with "Waiting to sync", and goes when the connection returns.
 */
async function completeLesson(lesson: { id: number; title: string }): Promise<"sent" | "queued"> {
  const performed = await performQueued(
    { kind: CLIENT_ACTION_KINDS.lessonComplete, lessonId: lesson.id, title: lesson.title },
    () => trpcClient.lessons.complete.mutate({ lessonId: lesson.id }),
    COMPLETION_TEXT.failed,
  );
  return performed.outcome;
}

export function useCompleteLesson() {
  return useMutation({
    mutationFn: completeLesson,
    meta: { invalidates: courseReaders() },
    onSuccess: (outcome) => toast.success(outcome === "sent" ? COMPLETION_TEXT.sent : COMPLETION_TEXT.queued),
    onError: (error) =>
      toast.error(error instanceof ActionRefused ? error.message : errorMessage(error, COMPLETION_TEXT.failed)),
  });
}
