import { parentPort } from "node:worker_threads";
import type { WorkerReply } from "#server/platform/workers/worker-pool.js";
import { prepareLessonContent } from "./content.rules.js";

/** One thread of the lesson content pool (server/modules/courses/lesson-content.ts): Markdown to sanitized HTML. */

if (parentPort === null) throw new Error("lesson-content-worker runs only as a worker thread.");
const port = parentPort;

port.on("message", (content: string) => {
  let reply: WorkerReply<string | null>;
  try {
    reply = { type: "done", value: prepareLessonContent(content) };
  } catch (error) {
    // Deeply nested input overflows the parser's stack (a RangeError): a property of the input.
    reply = { type: "failed", errorName: error instanceof Error ? error.name : "Error" };
  }
  port.postMessage(reply);
});
port.postMessage({ type: "ready" } satisfies WorkerReply<string | null>);
