import { OFFLINE_ACTION_MAX_AGE_MS, OFFLINE_CLOCK_SKEW_MS } from "#shared/constants.js";

/**
 * When an action counts as done (decision 0142). A device that queued work offline says when the member
 * did it (`doneAt`); that time is believed only within bounds, so that nobody backdates their training
 * past a due date by hand-made requests: not later than now (a clock a little ahead is read as now), not
 * older than OFFLINE_ACTION_MAX_AGE_MS, and not before what the action needs had existed (the membership,
 * the course, the version signed). Any other claim is not refused, which would lose the member's work over
 * a wrong clock: the action is timed at its arrival, as it was before devices said when.
 */
export function actionTime(
  doneAt: Date | undefined,
  notBefore: ReadonlyArray<Date | null | undefined>,
  now: Date = new Date(),
): Date {
  if (doneAt === undefined) return now;
  const claimed = doneAt.getTime();
  const arrival = now.getTime();
  if (claimed > arrival + OFFLINE_CLOCK_SKEW_MS || claimed < arrival - OFFLINE_ACTION_MAX_AGE_MS) return now;
  if (notBefore.some((earliest) => earliest != null && claimed < earliest.getTime())) return now;
  return claimed > arrival ? now : doneAt;
}
