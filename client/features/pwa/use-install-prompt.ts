import { useCallback, useSyncExternalStore } from "react";
import { INSTALL_BANNER_DISMISSED_KEY } from "#shared/constants.js";

/** Chromium's install prompt event; not in the DOM typings because it is not a standard. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

interface InstallState {
  /** The captured prompt, until it is used or the app is installed. */
  prompt: BeforeInstallPromptEvent | null;
  /** docs/SPEC.md §3: the one local-storage flag, set when the visitor turned the banner down. */
  dismissed: boolean;
}

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY) === "true";
  } catch {
    // Storage can be blocked (privacy settings): the banner then simply shows again next time.
    return false;
  }
}

function storeDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, "true");
  } catch {
    // See readDismissed: the choice still holds for this page.
  }
}

let state: InstallState = { prompt: null, dismissed: typeof window === "undefined" ? true : readDismissed() };
const listeners = new Set<() => void>();

function setState(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

// Captured at module load, not when a component mounts: the browser may fire the event before React has
// rendered anything, and it fires only once per page.
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's own mini-infobar away; the app offers the install from its banner instead.
    event.preventDefault();
    setState({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => setState({ prompt: null }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export interface InstallPrompt {
  /** docs/SPEC.md §4: an install prompt was captured and the dismissed flag is not set. */
  canInstall: boolean;
  install(): Promise<void>;
  dismiss(): void;
}

export function useInstallPrompt(): InstallPrompt {
  const { prompt, dismissed } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  const install = useCallback(async () => {
    const event = state.prompt;
    if (!event) return;
    // A prompt can be shown only once; the banner hides now whatever the visitor answers.
    setState({ prompt: null });
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === "dismissed") {
        storeDismissed();
        setState({ dismissed: true });
      }
    } catch (error) {
      console.error("The install prompt failed.", error);
    }
  }, []);

  const dismiss = useCallback(() => {
    storeDismissed();
    setState({ dismissed: true });
  }, []);

  return { canInstall: prompt !== null && !dismissed, install, dismiss };
}
