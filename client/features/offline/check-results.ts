import { announceChange, offlineDatabase, type QueuedAction } from "./store.js";

/**
 * Knowledge checks submitted offline (decision 0143). The device cannot grade them (the answers stay on
 * the server), so the member sees "Submitted — result when back online" until the queue sends them; the
 * server's answer is then kept here, per person, organization and lesson, and the lesson page shows it
 * in full (score, right and wrong, explanations) until the member tries again. It lives in the records'
 * "meta" store, so logging out or another person signing in forgets it with everything else.
 */
export interface SyncedCheckResult {
  lessonId: number;
  orgId: number;
  /** What the member chose, to show beside the correct answers. */
  answers: Array<{ questionId: number; optionIds: number[] }>;
  /** quizzes/submit's answer, as the server gave it. */
  result: unknown;
  /** When the member submitted it on the device. */
  submittedAt: number;
}

const PREFIX = "checkResult/";

function resultKey(userId: number, orgId: number, lessonId: number): string {
  return `${PREFIX}${userId}/${orgId}/${lessonId}`;
}

export async function keepCheckResult(action: QueuedAction, result: unknown): Promise<void> {
  const record: SyncedCheckResult = {
    lessonId: action.lessonId,
    orgId: action.orgId,
    answers: action.answers ?? [],
    result,
    submittedAt: action.createdAt,
  };
  await (await offlineDatabase()).put("meta", record, resultKey(action.userId, action.orgId, action.lessonId));
}

/** The owner's graded offline submissions. */
export async function ownerCheckResults(owner: number): Promise<SyncedCheckResult[]> {
  const db = await offlineDatabase();
  const range = IDBKeyRange.bound(`${PREFIX}${owner}/`, `${PREFIX}${owner}/\uffff`);
  return (await db.getAll("meta", range)) as SyncedCheckResult[];
}

export async function forgetCheckResult(owner: number, orgId: number, lessonId: number): Promise<void> {
  await (await offlineDatabase()).delete("meta", resultKey(owner, orgId, lessonId));
  announceChange();
}
