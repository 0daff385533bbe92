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

/** What the install banner starts from when it takes over prerendered markup, which has no banner. */
const NO_PROMPT: InstallState = { prompt: null, dismissed: true };

let state: InstallState = NO_PROMPT;
const listeners = new Set<() => void>();

function setState(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

// Captured at module load, not when a component mounts: the browser may fire the event before React has
// rendered anything, and it fires only once per page. On the landing shell the boot script may have kept
// it before the app was loaded (decision 0160); from here on the app listens and the boot script does not.
if (typeof window !== "undefined") {
  state = { prompt: window.trainwrightInstallPrompt ?? null, dismissed: readDismissed() };
  window.trainwrightInstallPrompt = null;
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
  // While React hydrates the landing shell it renders what the shell was rendered with (no banner), then
  // the prompt the boot script kept, so that the markup matches.
  const { prompt, dismissed } = useSyncExternalStore(subscribe, getSnapshot, () => NO_PROMPT);

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
