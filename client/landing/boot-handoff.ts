/**
 * What the landing shell's boot script (scripts/lib/landing-shell.ts, decision 0160) leaves on `window` for
 * the app, which starts later on that page, and what the app sets there so the boot script steps aside.
 */
import type { BeforeInstallPromptEvent } from "#client/features/pwa/use-install-prompt.js";

declare global {
  interface Window {
    /** Set by the app once it has taken over the shell's markup. */
    trainwrightAppStarted?: boolean;
    /** A button the visitor pressed before the app ran; the app presses it again. */
    trainwrightPressedBeforeStart?: HTMLButtonElement;
    /**
     * The install prompt the boot script kept before the app ran (cleared again when its static banner
     * used it); `null` once the app listens for the prompt itself (the boot script then leaves it alone).
     */
    trainwrightInstallPrompt?: BeforeInstallPromptEvent | null;
    /** Set once the app watches the service worker (and reloads on a new version) itself. */
    trainwrightWatchesWorker?: boolean;
  }
}
