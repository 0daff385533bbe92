import { ActionRefused, performQueued } from "#client/features/offline/perform.js";
import { trpcClient } from "#client/lib/trpc.js";
import { CLIENT_ACTION_KINDS } from "#shared/client-action-kinds.js";
import type { ScormCommitView } from "#shared/schemas/scorm.js";

/**
 * A SCORM runtime's commits, sent through the device's queue (docs/decisions/0361-scorm-commits-through-the-device-queue.md):
 * each is stored on the device first, replacing the same SCO's commit still waiting, then sent; without a
 * connection it waits and goes once when the connection returns (the queue's ledger answers a copy once).
 * The SCO is told "true" at once, as scorm-again's asynchronous commits do: its data is safe on the device.
 */

/**
 * scorm-again's transport (its `IHttpService`, settings.httpService), written out: the package's declarations
 * do not carry the name through its entry point.
 */
interface HttpService {
  readonly reportsRequestCompletion: boolean;
  processHttpRequest(
    url: string,
    params: unknown,
    immediate: boolean,
    apiLog: (functionName: string, message: string, messageLevel: number) => void,
    processListeners: (functionName: string, CMIElement?: string, value?: unknown) => void,
    metadata?: unknown,
    onRequestComplete?: () => void,
  ): { result: string; errorCode: number };
  updateSettings(): void;
}

/** scorm-again's LogLevelEnum.ERROR (the enum lives in the runtime, loaded only with a SCORM lesson). */
const LOG_ERROR = 4;

/** Which SCO of which lesson the commits are for. */
export interface CommitTarget {
  lessonId: number;
  lessonTitle: string;
  sco: string;
  packageVersion: number;
}

/** What the page learns of each commit: the server's answer, or null while it waits on the device. */
export type CommitAnswered = (answer: ScormCommitView | null, cmi: Record<string, unknown>) => void;

const COMMIT_FAILED = "The course's progress could not be saved.";

async function commitThroughQueue(target: CommitTarget, cmi: Record<string, unknown>) {
  const scormCommit = { sco: target.sco, packageVersion: target.packageVersion, cmi };
  return performQueued<ScormCommitView>(
    { kind: CLIENT_ACTION_KINDS.scormCommit, lessonId: target.lessonId, title: target.lessonTitle, scormCommit },
    () => trpcClient.scorm.commit.mutate({ lessonId: target.lessonId, ...scormCommit }),
    COMMIT_FAILED,
  );
}

/** scorm-again's transport for one SCO: its flattened commits (dataCommitFormat "flattened") into the queue. */
export function queuedCommits(target: CommitTarget, answered: CommitAnswered): HttpService {
  const accepted = { result: "true", errorCode: 0 };
  return {
    reportsRequestCompletion: true,
    processHttpRequest(_url, params, _immediate, apiLog, processListeners, _metadata, onRequestComplete) {
      const cmi = (typeof params === "object" && params !== null ? params : {}) as Record<string, unknown>;
      commitThroughQueue(target, cmi)
        .then((performed) => {
          processListeners("CommitSuccess");
          answered(performed.outcome === "sent" ? performed.answer : null, cmi);
        })
        .catch((error: unknown) => {
          // Refused by the server (the package was replaced, the lesson is gone): nothing to send again.
          const message = error instanceof ActionRefused || error instanceof Error ? error.message : COMMIT_FAILED;
          apiLog("processHttpRequest", message, LOG_ERROR);
          processListeners("CommitError", undefined, 391);
        })
        .finally(() => onRequestComplete?.());
      return accepted;
    },
    updateSettings() {},
  };
}
