import { useQuery } from "@tanstack/react-query";
import { lessonVersionsQuery } from "./queries.js";

/**
 * The number a sign-off lesson's version is shown with: its place counted from the first recorded
 * version, which is 1. What the API calls `version` is the lesson's edit version (decision 0100), which
 * autosaves made before sign-off was switched on had already counted up; it stays what is stored, signed,
 * asked for and exported (docs/decisions/0291-version-numbers-shown.md).
 */
export function numbering(versions: ReadonlyArray<{ version: number }>): (version: number) => number {
  const first = Math.min(...versions.map((row) => row.version));
  return (version) => (Number.isFinite(first) ? version - first + 1 : version);
}

/** The shown number of a lesson's versions, as text; "…" until its versions have loaded. */
export function useVersionNumbering(lessonId: number | null): (version: number) => string {
  const versions = useQuery({ ...lessonVersionsQuery(lessonId ?? 0), enabled: lessonId !== null });
  if (!versions.data) return () => "…";
  const shown = numbering(versions.data);
  return (version) => String(shown(version));
}
