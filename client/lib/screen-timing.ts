import { useEffect, useRef } from "react";

/** The main screens whose readiness `npm run bench:screens` times (docs/decisions/0417-screens-mark-their-data.md). */
export type ScreenName =
  | "dashboard"
  | "courses"
  | "course"
  | "lesson"
  | "lesson-editor"
  | "team"
  | "reports"
  | "settings";

/**
 * Marks `screen:<name>` in the page's user timing the first time the screen's main data is on screen, so
 * that a phone-speed bench (and any performance tool) can tell when the screen became useful, not only
 * when something painted.
 */
export function useScreenReady(screen: ScreenName, ready: boolean): void {
  const marked = useRef(false);
  useEffect(() => {
    if (!ready || marked.current) return;
    marked.current = true;
    performance.mark(`screen:${screen}`);
  }, [ready, screen]);
}
