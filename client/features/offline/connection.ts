import { useSyncExternalStore } from "react";
import { checkConnection } from "#client/features/pwa/check-connection.js";
import { OFFLINE_AUTO_CHECK_INTERVAL_MS } from "#shared/constants.js";

/**
 * Whether the app hears the server (decision 0293), as the data layer finds out: "offline" when the browser
 * says it has no network, "unreachable" when the server does not answer although the browser calls itself
 * online (a network that hangs, a server that is down), "online" once an answer arrives. The header's
 * offline badge shows it, and the queue of offline work is sent when it turns online again.
 */
export type Connection = "online" | "offline" | "unreachable";

const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

// An app started without a network (the service worker gave it the cached shell) says so from the start.
let state: Connection = browserOffline() ? "offline" : "online";
const listeners = new Set<(now: Connection, before: Connection) => void>();
let checking: Promise<void> | undefined;
let recheck: ReturnType<typeof setInterval> | undefined;

function set(next: Connection): void {
  if (next === state) return;
  const before = state;
  state = next;
  // While the server does not answer and nothing else asks it, the offline page's check finds out when it does.
  if (next === "unreachable") recheck ??= setInterval(() => void confirmConnection(), OFFLINE_AUTO_CHECK_INTERVAL_MS);
  else {
    clearInterval(recheck);
    recheck = undefined;
  }
  for (const listener of listeners) listener(next, before);
}

export function connection(): Connection {
  return state;
}

/** The server answered a call: it is there. */
export function noteAnswered(): void {
  set("online");
}

/** A call went unanswered past the bounded wait: the server is taken as unreachable until it answers. */
export function noteUnanswered(): void {
  set(browserOffline() ? "offline" : "unreachable");
}

/**
 * Asks the server once (docs/SPEC.md §4's offline check: a HEAD request, given up after 5 s), after a call
 * failed or hung: a call that failed alone (one refused request) leaves the app online. One check at a time.
 */
export function confirmConnection(): Promise<void> {
  if (browserOffline()) {
    set("offline");
    return Promise.resolve();
  }
  checking ??= checkConnection()
    .then(noteAnswered, noteUnanswered)
    .finally(() => {
      checking = undefined;
    });
  return checking;
}

/** Calls `listener` on every change, with the state before; returns the unsubscribe. */
export function onConnectionChange(listener: (now: Connection, before: Connection) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== "undefined") {
  window.addEventListener("offline", () => set("offline"));
  // A network again; whether the server answers, the next call (or the queue being sent) shows.
  window.addEventListener("online", noteAnswered);
}

const subscribe = (listener: () => void) => onConnectionChange(listener);

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connection, () => "online");
}
