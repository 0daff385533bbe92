import { useEffect } from "react";

/**
 * Toasts raised by route guards. On a first visit (a typed or bookmarked URL) the guards run before the
 * toaster has mounted, and sonner drops what it is sent before its subscription exists. Until the app
 * has rendered once, notices wait here.
 */
let ready = false;
const waiting: Array<() => void> = [];

export function showNotice(show: () => void): void {
  if (ready) show();
  else waiting.push(show);
}

/**
 * Called by a component that is always on screen next to the toaster (the header). Its effect runs in
 * the same commit as the toaster's subscription; the timeout lets that whole commit's effects finish.
 */
export function useNoticesReady(): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      ready = true;
      for (const show of waiting.splice(0)) show();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
}
