import { useSyncExternalStore } from "react";
import type { ClientActionKind } from "#shared/client-action-kinds.js";
import { ownerCheckResults, type SyncedCheckResult } from "./check-results.js";
import { ownerQueue } from "./queue.js";
import { type OfflinePage, onChange, ownerId, ownerPages, type QueuedAction } from "./store.js";

/** The owner's queue and offline pages, read from IndexedDB and read again whenever they change. */
export interface OfflineSnapshot {
  queue: QueuedAction[];
  pages: Array<OfflinePage & { path: string }>;
  /** Knowledge checks submitted offline and graded since (decision 0143). */
  checkResults: SyncedCheckResult[];
  loaded: boolean;
}

const EMPTY = { queue: [], pages: [], checkResults: [] };
let snapshot: OfflineSnapshot = { ...EMPTY, loaded: false };

async function ownerResults(): Promise<SyncedCheckResult[]> {
  const owner = await ownerId();
  return owner === null ? [] : ownerCheckResults(owner);
}
const listeners = new Set<() => void>();
let stopListening: (() => void) | undefined;
let reading: Promise<void> = Promise.resolve();

async function reload(): Promise<void> {
  try {
    const [queue, pages, checkResults] = await Promise.all([ownerQueue(), ownerPages(), ownerResults()]);
    snapshot = { queue, pages, checkResults, loaded: true };
  } catch (error) {
    // IndexedDB can be unavailable (private windows of some browsers): nothing is kept then.
    console.error("The offline records could not be read.", error);
    snapshot = { ...EMPTY, loaded: true };
  }
  for (const listener of listeners) listener();
}

/** Reads the records and keeps them current from now on; resolves once they are read. */
function listen(): Promise<void> {
  if (!stopListening) {
    stopListening = onChange(() => void reload());
    reading = reload();
  }
  return reading;
}

/**
 * Reads the records before the page's first render (main.tsx), which then shows what depends on them
 * instead of a placeholder followed by a second render (decision 0247).
 */
export const readOfflineSnapshot = listen;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void listen();
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

/** The member did this (signed, submitted…) here for this lesson, and it waits to be sent. */
export function usePendingAction(lessonId: number, kind: ClientActionKind): QueuedAction | undefined {
  const { queue } = useOfflineSnapshot();
  return queue.find((action) => action.status === "pending" && action.lessonId === lessonId && action.kind === kind);
}

/** The result of this lesson's check submitted offline and graded since, if the member has not moved on. */
export function useSyncedCheckResult(lessonId: number, orgId: number | undefined): SyncedCheckResult | undefined {
  const { checkResults } = useOfflineSnapshot();
  return checkResults.find((each) => each.lessonId === lessonId && each.orgId === orgId);
}

/** The member completed this lesson here and the server has not confirmed it yet. */
export function useWaitingToSync(lessonId: number): boolean {
  const { queue } = useOfflineSnapshot();
  return queue.some((action) => action.status === "pending" && action.lessonId === lessonId);
}
