import { useSyncExternalStore } from "react";
import { ownerQueue } from "./queue.js";
import { type OfflinePage, onChange, ownerPages, type QueuedAction } from "./store.js";

/** The owner's queue and offline pages, read from IndexedDB and read again whenever they change. */
export interface OfflineSnapshot {
  queue: QueuedAction[];
  pages: Array<OfflinePage & { path: string }>;
  loaded: boolean;
}

let snapshot: OfflineSnapshot = { queue: [], pages: [], loaded: false };
const listeners = new Set<() => void>();
let stopListening: (() => void) | undefined;

async function reload(): Promise<void> {
  try {
    const [queue, pages] = await Promise.all([ownerQueue(), ownerPages()]);
    snapshot = { queue, pages, loaded: true };
  } catch (error) {
    // IndexedDB can be unavailable (private windows of some browsers): nothing is kept then.
    console.error("The offline records could not be read.", error);
    snapshot = { queue: [], pages: [], loaded: true };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopListening) {
    stopListening = onChange(() => void reload());
    void reload();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = undefined;
    }
  };
}

const getSnapshot = () => snapshot;

export function useOfflineSnapshot(): OfflineSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The member completed this lesson here and the server has not confirmed it yet. */
export function useWaitingToSync(lessonId: number): boolean {
  const { queue } = useOfflineSnapshot();
  return queue.some((action) => action.status === "pending" && action.lessonId === lessonId);
}
