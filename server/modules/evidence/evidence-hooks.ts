import type { TrainingEventHook } from "#server/platform/api/training-events.js";
import type { Config } from "#server/platform/http/config.js";
import type { ScheduledJob } from "#server/platform/scheduler/scheduler.js";
import { appendEntry } from "./evidence.data.js";
import { CHECKPOINT_JOB, signGrownHeads } from "./evidence-checkpoints.js";
import { SEQUENCER_JOB, sequencerRound } from "./evidence-sequencer.js";

/**
 * What the evidence module does in others' work (docs/decisions/0290-module-hooks.md), registered by
 * server/router.ts and server/app.ts: every training event's entry, written in the event's transaction
 * (the completion's entry by completionEntryHook, in evidence.data.ts), and the jobs of the scheduler.
 */
export const evidenceEventHook: TrainingEventHook = {
  recorded: (em, event) => appendEntry(em, event),
};

/** How often each instance offers to sequence: the longest an entry waits for its number, when idle. */
const SEQUENCE_EVERY_MS = 1000;

/**
 * A round's result is a later round's start once a minute old; every ten minutes a round reads the whole
 * log anyway (evidence-watermark.rules.ts): the longest a slow transaction's entry waits for its number.
 */
const WATERMARK_TIMES = { settleMs: 60 * 1000, fullScanMs: 10 * 60 * 1000 };

/** Each organization's head is signed hourly when it grew (and on every export). */
const CHECKPOINT_EVERY_MS = 60 * 60 * 1000;

export function evidenceJobs(config: Config): ScheduledJob[] {
  return [
    // Once across instances by the sequencer's own lock, taken inside the round: its watermark moves only
    // when the round committed.
    {
      name: SEQUENCER_JOB,
      everyMs: SEQUENCE_EVERY_MS,
      across: "each",
      run: sequencerRound({ config }, WATERMARK_TIMES),
    },
    {
      name: CHECKPOINT_JOB,
      everyMs: CHECKPOINT_EVERY_MS,
      across: "once",
      run: (em, now) => signGrownHeads(em, config, now),
    },
  ];
}
