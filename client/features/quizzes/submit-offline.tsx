import { useMutation } from "@tanstack/react-query";
import { CloudUpload } from "lucide-react";
import { forgetCheckResult } from "#client/features/offline/check-results.js";
import { ActionRefused, performQueued } from "#client/features/offline/perform.js";
import { ownerId } from "#client/features/offline/store.js";
import { usePendingAction, useSyncedCheckResult } from "#client/features/offline/use-offline.js";
import { errorMessage } from "#client/lib/errors.js";
import { pageOrganizationId, trpcClient } from "#client/lib/trpc.js";
import { CLIENT_ACTION_KINDS } from "#shared/client-action-kinds.js";
import { checkReaders, type SubmitResult } from "./queries.js";

/**
 * Submitting a knowledge check through the device's queue (decisions 0140 and 0143). The device
 * cannot grade it (the answers never leave the server), so offline the member reads "Submitted — result
 * when back online"; once the queue has sent it, the server's graded answer is kept on the device and the
 * lesson page shows it as if it had just come back.
 */
export const SUBMIT_TEXT = {
  queuedTitle: "Submitted — result when back online",
  queued: "Your answers are saved on this device. They are graded when you're back online, and the result shows here.",
  syncedTitle: "Graded now that you're back online",
  failed: "Your answers could not be submitted.",
} as const;

type Answers = Array<{ questionId: number; optionIds: number[] }>;

/** Answers "queued" or the graded result; throws the server's words when it refuses. */
async function submitCheck(request: { lesson: { id: number; title: string }; answers: Answers }) {
  const { lesson, answers } = request;
  return performQueued<SubmitResult>(
    { kind: CLIENT_ACTION_KINDS.quizSubmit, lessonId: lesson.id, title: lesson.title, answers },
    () => trpcClient.quizzes.submit.mutate({ lessonId: lesson.id, answers }),
    SUBMIT_TEXT.failed,
  );
}

export function useSubmitCheck(onGraded: (result: SubmitResult) => void) {
  return useMutation({
    mutationFn: submitCheck,
    meta: { invalidates: checkReaders() },
    onSuccess: (performed) => {
      if (performed.outcome === "sent") onGraded(performed.answer);
    },
  });
}

export function submitErrorText(error: unknown): string {
  return error instanceof ActionRefused ? error.message : errorMessage(error, SUBMIT_TEXT.failed);
}

/** Whether this member's answers to the lesson's check wait on the device. */
export function useSubmissionQueued(lessonId: number): boolean {
  return usePendingAction(lessonId, CLIENT_ACTION_KINDS.quizSubmit) !== undefined;
}

/** The graded result of answers sent from this device while the page was away, with what was chosen. */
export function useSyncedSubmission(
  lessonId: number,
): { result: SubmitResult; chosen: Record<number, number[]> } | null {
  const synced = useSyncedCheckResult(lessonId, pageOrganizationId());
  if (!synced) return null;
  const chosen = Object.fromEntries(synced.answers.map((answer) => [answer.questionId, answer.optionIds]));
  return { result: synced.result as SubmitResult, chosen };
}

/** The member moves on (tries again): the kept result is not shown any more. */
export async function dismissSyncedSubmission(lessonId: number): Promise<void> {
  const [owner, orgId] = [await ownerId(), pageOrganizationId()];
  if (owner !== null && orgId !== undefined) await forgetCheckResult(owner, orgId, lessonId);
}

export function QueuedSubmission() {
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-slate-800">
      <CloudUpload className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <div>
        <p className="font-semibold">{SUBMIT_TEXT.queuedTitle}</p>
        <p className="mt-1 text-slate-700">{SUBMIT_TEXT.queued}</p>
      </div>
    </div>
  );
}
