import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * The one way the app raises a notification. Features import `toast` from here rather than from sonner
 * so that the toaster's configuration (components/ui/toaster.tsx) and every caller stay in step.
 *
 * Sonner is not in the first page's script (decision 0216): the toaster loads at the person's
 * first action on the page, or at the first toast (decision 0248). A toast raised before it has mounted (a route guard's notice on a typed
 * URL, a failure during the first load) waits here; sonner itself drops what it is sent before its
 * toaster subscribes.
 */
type SonnerToast = typeof sonnerToast;
type Message = Parameters<SonnerToast>[0];
type Show = (sonner: SonnerToast) => void;

let mounted: SonnerToast | undefined;
const waiting: Show[] = [];
let wanted = false;
const wantedListeners = new Set<() => void>();

function show(action: Show): void {
  if (mounted) {
    action(mounted);
    return;
  }
  waiting.push(action);
  wantToaster();
}

/** Asks the root's toaster to load now. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** For the root's toaster (useSyncExternalStore): whether it should load. */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/** Called by the loaded toaster once sonner listens: the waiting toasts are shown, in order. */
export function toasterMounted(sonner: SonnerToast): void {
  mounted = sonner;
  for (const action of waiting.splice(0)) action(sonner);
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show((sonner) => sonner(message, data)),
  {
    success: (message: Message, data?: ExternalToast) => show((sonner) => sonner.success(message, data)),
    error: (message: Message, data?: ExternalToast) => show((sonner) => sonner.error(message, data)),
    info: (message: Message, data?: ExternalToast) => show((sonner) => sonner.info(message, data)),
  },
);
