import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { courseReaders } from "#client/features/courses/queries.js";
import { trpc } from "#client/lib/trpc.js";
import { type Connection, onConnectionChange } from "./connection.js";
import { sendQueue } from "./queue.js";
import { refreshOfflineCopies } from "./save-course.js";
import { onChange } from "./store.js";

/** What queued work changes once sent: progress, sign-off standings and knowledge checks. */
const sentReaders = () => [
  ...courseReaders(),
  trpc.lessons.signoff.pathKey(),
  trpc.signoffs.pathKey(),
  trpc.quizzes.pathKey(),
];

/**
 * Sends the queue and refreshes the offline copies when the app starts and whenever the connection
 * returns (connection.ts; Background Sync does the sending from the worker where the browser has it; both may run,
 * and the server counts each action once). Whatever another page or the worker sent shows here too.
 * Renders nothing; mounted once in the root route.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    const catchUp = async (currentSince?: number) => {
      const outcomes = await sendQueue().catch(() => []);
      if (cancelled) return;
      if (outcomes.length > 0) await invalidate();
      await refreshOfflineCopies(currentSince).catch(() => {});
    };
    const invalidate = () => Promise.all(sentReaders().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    // Back online (decision 0293: also after a network that hung, which the browser never called offline).
    // Screens that said they need a connection ask again; those showing the device's copies keep them
    // until their next refresh, so that a server slower than the bounded wait is not asked in a loop.
    const onConnection = (now: Connection, before: Connection) => {
      if (now !== "online" || before === "online") return;
      void catchUp();
      void queryClient.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });
    };
    // At start, what the page kept while loading is current already.
    void catchUp(performance.timeOrigin);
    const stopWatching = onConnectionChange(onConnection);
    // Only what reached the server changes what progress pages show; local bookkeeping does not.
    const stop = onChange((change) => {
      if (change === "sent") void invalidate();
    });
    return () => {
      cancelled = true;
      stopWatching();
      stop();
    };
  }, [queryClient]);
  return null;
}
