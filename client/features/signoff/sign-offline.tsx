import { useMutation } from "@tanstack/react-query";
import { CloudUpload } from "lucide-react";
import type { Ref } from "react";
import { Card } from "#client/components/ui/card.js";
import { ActionRefused, performQueued } from "#client/features/offline/perform.js";
import { usePendingAction } from "#client/features/offline/use-offline.js";
import { errorMessage } from "#client/lib/errors.js";
import { toast } from "#client/lib/toast.js";
import { trpcClient } from "#client/lib/trpc.js";
import { CLIENT_ACTION_KINDS } from "#shared/client-action-kinds.js";
import { signoffReaders } from "./queries.js";
import type { SignableLesson } from "./sign-panel.js";

/**
 * Signing through the device's queue (decisions 0140 and 0143): offline, the signature is kept on the device,
 * shown as signed and waiting to sync, and sent when the connection returns; the server times it when the
 * member signed (decision 0142) and reports a refusal (a changed procedure, another name) in the header.
 */
const SIGN_TEXT = {
  sent: "Signed. Thank you!",
  queued: "Signed on this device. It will sync when you're back online.",
  failed: "Failed to sign.",
} as const;

interface SignRequest {
  lesson: SignableLesson;
  fullName: string;
}

async function signLesson({ lesson, fullName }: SignRequest): Promise<"sent" | "queued"> {
  // A translation is signed at the version shown (decision 0411); the original names no language.
  const inLanguage =
    lesson.language && lesson.translation
      ? { language: lesson.language, translationVersion: lesson.translation.version }
      : {};
  const signature = { version: lesson.version, fullName, ...inLanguage };
  const performed = await performQueued(
    { kind: CLIENT_ACTION_KINDS.lessonSign, lessonId: lesson.id, title: lesson.title, signature },
    () => trpcClient.lessons.sign.mutate({ lessonId: lesson.id, ...signature, agreed: true }),
    SIGN_TEXT.failed,
  );
  return performed.outcome;
}

export function useSignLesson(handlers: { onSuccess: () => void; onError: (message: string) => void }) {
  return useMutation({
    mutationFn: signLesson,
    meta: { invalidates: signoffReaders() },
    onSuccess: (outcome) => {
      toast.success(outcome === "sent" ? SIGN_TEXT.sent : SIGN_TEXT.queued);
      handlers.onSuccess();
    },
    onError: (error) =>
      handlers.onError(error instanceof ActionRefused ? error.message : errorMessage(error, SIGN_TEXT.failed)),
  });
}

/** In place of the form while this member's signature of the lesson waits on the device. */
export function QueuedSignature({ lessonId, ref }: { lessonId: number; ref?: Ref<HTMLDivElement> }) {
  const waiting = usePendingAction(lessonId, CLIENT_ACTION_KINDS.lessonSign);
  if (!waiting?.signature) return null;
  return (
    <Card
      ref={ref}
      tabIndex={-1}
      role="region"
      className="mt-6 flex items-start gap-3 border-brand-200 bg-brand-50/40 p-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      aria-label="Sign-off"
    >
      <CloudUpload className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="text-sm text-slate-800">
        <p className="font-medium">Signed on this device as {waiting.signature.fullName}. Waiting to sync.</p>
        <p className="mt-1 text-slate-600">
          It is sent when you're back online, with the time you signed. If it is refused, the header tells you why.
        </p>
      </div>
    </Card>
  );
}

/** Whether this member's signature of the lesson waits on the device. */
export function useSignatureQueued(lessonId: number): boolean {
  return usePendingAction(lessonId, CLIENT_ACTION_KINDS.lessonSign) !== undefined;
}
