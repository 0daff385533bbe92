import { parentPort } from "node:worker_threads";
import { prepareLessonContent } from "./content.js";
import type { WorkerReply } from "./worker-pool.js";

/** One thread of the lesson content pool (server/lesson-content.ts): Markdown to sanitized HTML. */

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
