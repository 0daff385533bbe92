import type { ScormVersion } from "#shared/schemas/scorm.js";

/**
 * What a commit's CMI data (flattened, `cmi.core.lesson_status` → value, as scorm-again sends it) says,
 * and what a next launch restores (docs/decisions/0334-scorm-tracking-and-completion.md). Pure.
 */

export type FlatCmi = Record<string, string>;

export interface AttemptState {
  completed: boolean;
  passed: boolean | null;
  scoreRaw: number | null;
  scoreScaled: number | null;
  totalSeconds: number;
  sessionSeconds: number;
}

const numberOrNull = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** SCORM 1.2's `HHHH:MM:SS.SS` or 2004's ISO 8601 duration (`PT1H2M3.5S`), in whole seconds; 0 if neither. */
export function secondsOf(time: string | undefined): number {
  if (!time) return 0;
  const clock = /^(\d{2,4}):(\d{2}):(\d{2})(\.\d{1,2})?$/.exec(time);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(time);
  if (!iso) return 0;
  const [, years, months, days, hours, minutes, seconds] = iso.map((part) => Number(part ?? 0));
  return Math.round(
    (years ?? 0) * 31_536_000 +
      (months ?? 0) * 2_592_000 +
      (days ?? 0) * 86_400 +
      (hours ?? 0) * 3600 +
      (minutes ?? 0) * 60 +
      (seconds ?? 0),
  );
}

/**
 * 1.2: `lesson_status` completed or passed completes, failed does not. 2004: `completion_status` completed,
 * and `success_status` passed where the SCO gives one (failed holds it back; unknown does not).
 */
export function attemptStateOf(
  version: ScormVersion,
  cmi: FlatCmi,
  before: Pick<AttemptState, "totalSeconds" | "sessionSeconds">,
): AttemptState {
  const sessionSeconds = secondsOf(version === "1.2" ? cmi["cmi.core.session_time"] : cmi["cmi.session_time"]);
  // Each commit reports the session so far; a smaller figure means the last session ended and a new one began.
  const totalSeconds = before.totalSeconds + (sessionSeconds < before.sessionSeconds ? before.sessionSeconds : 0);
  if (version === "1.2") {
    const status = cmi["cmi.core.lesson_status"];
    return {
      completed: status === "completed" || status === "passed",
      passed: status === "passed" ? true : status === "failed" ? false : null,
      scoreRaw: numberOrNull(cmi["cmi.core.score.raw"]),
      scoreScaled: null,
      totalSeconds,
      sessionSeconds,
    };
  }
  const success = cmi["cmi.success_status"];
  const passed = success === "passed" ? true : success === "failed" ? false : null;
  return {
    completed: cmi["cmi.completion_status"] === "completed" && passed !== false,
    passed,
    scoreRaw: numberOrNull(cmi["cmi.score.raw"]),
    scoreScaled: numberOrNull(cmi["cmi.score.scaled"]),
    totalSeconds,
    sessionSeconds,
  };
}

/** The elements a launch restores, readable right after Initialize: the SCO's place, its data, its state. */
const RESUMED: Record<ScormVersion, readonly string[]> = {
  "1.2": ["cmi.suspend_data", "cmi.core.lesson_location", "cmi.core.lesson_status", "cmi.core.score.raw"],
  "2004": [
    "cmi.suspend_data",
    "cmi.location",
    "cmi.completion_status",
    "cmi.success_status",
    "cmi.score.raw",
    "cmi.score.scaled",
  ],
};

/** What the next launch starts from: the kept elements, and `entry` resume when the SCO left suspended. */
export function resumeValuesOf(version: ScormVersion, cmi: FlatCmi | null): FlatCmi {
  if (!cmi) return {};
  const values: FlatCmi = {};
  for (const key of RESUMED[version]) {
    const value = cmi[key];
    if (value !== undefined && value !== "") values[key] = value;
  }
  const exit = version === "1.2" ? cmi["cmi.core.exit"] : cmi["cmi.exit"];
  if (exit === "suspend" || values["cmi.suspend_data"] !== undefined) {
    values[version === "1.2" ? "cmi.core.entry" : "cmi.entry"] = "resume";
  }
  return values;
}
