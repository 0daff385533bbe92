import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";

/** Frames to wait for a hash target that a lazily loaded page has not rendered yet. */
const MAX_FRAMES = 60;

/**
 * Spec §2: after every route change, scroll smoothly to the element named by the hash, or to the top.
 * It follows the resolved location so that the new page is on screen before it scrolls.
 */
export function ScrollManager() {
  const href = useRouterState({ select: (state) => state.resolvedLocation?.href });
  const hash = useRouterState({ select: (state) => state.resolvedLocation?.hash ?? "" });

  useEffect(() => {
    if (href === undefined) return;
    if (!hash) {
      // "instant" overrides the stylesheet's smooth scrolling: a new page starts at the top at once.
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
      return;
    }
    let frame = 0;
    let handle = 0;
    const id = decodeURIComponent(hash);
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        return;
      }
      if (++frame < MAX_FRAMES) handle = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  }, [href, hash]);

  return null;
}
