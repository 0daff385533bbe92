/** The evidence module's public face: the only file of it that other modules and the app may import. */
export { completionEntryHook } from "./evidence.data.js";
export { CHECKPOINT_JOB } from "./evidence-checkpoints.js";
export { evidenceEventHook, evidenceJobs } from "./evidence-hooks.js";
export { SEQUENCER_JOB } from "./evidence-sequencer.js";
