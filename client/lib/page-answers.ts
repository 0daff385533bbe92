import superjson from "superjson";
import { jsonResponse, parseBatchCall } from "#client/features/offline/answers.js";
import { ORGANIZATION_HEADER, PAGE_ANSWERS_ELEMENT_ID } from "#shared/constants.js";

/**
 * Decision 0220: a signed-in course or lesson page arrives with the answers to its first API calls in a
 * JSON block (server/platform/pages/page-answers.ts). Under the API client, each call the app makes is answered from
 * there once, when the block holds every procedure of the batch with the same input and organization;
 * everything above (the offline layer's copies, tRPC, the query cache) sees an ordinary answer.
 */

interface PageAnswer {
  procedure: string;
  input?: unknown;
  /** The organization the call must name; null for the person's own reads (any or none named). */
  organizationId: number | null;
  item: unknown;
}

let unused: PageAnswer[] | undefined;
/** Every answer the page came with, used or not, until another page loads. */
let all: readonly PageAnswer[] = [];

function isPageAnswer(value: unknown): value is PageAnswer {
  if (typeof value !== "object" || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    typeof answer.procedure === "string" &&
    (answer.organizationId === null || typeof answer.organizationId === "number") &&
    "item" in answer
  );
}

/** The answers the page came with and no call has used yet (read from the page once). */
function pageAnswers(): PageAnswer[] {
  if (unused) return unused;
  unused = [];
  const element = typeof document === "undefined" ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return unused;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (Array.isArray(parsed)) unused = parsed.filter(isPageAnswer);
    all = unused;
  } catch {
    // A damaged block: the calls go to the network, as without one.
  }
  element.remove();
  return unused;
}

/**
 * The calls (procedure and input) of every answer the page came with, those a call has used already (the
 * route's loader asks for the page's reads, decision 0285) included.
 */
export function pageAnswerCalls(): Array<{ procedure: string; input: unknown }> {
  pageAnswers();
  return all.map(({ procedure, input }) => ({ procedure, input }));
}

/** Whether the page came with answers no call has used yet. */
export function hasPageAnswers(): boolean {
  return pageAnswers().length > 0;
}

/**
 * The page's answers are for that page only: once another page loads, any call its first render did not
 * answer from them asks the server (main.tsx).
 */
export function forgetPageAnswers(): void {
  unused = [];
  all = [];
}

/** Whether the input the app sent (superjson's `{ json, meta? }`, or nothing) is the answer's input. */
function sameInput(sent: unknown, input: unknown): boolean {
  try {
    const value = sent === null || sent === undefined ? undefined : superjson.deserialize(sent as never);
    return JSON.stringify(value ?? null) === JSON.stringify(input ?? null);
  } catch {
    return false;
  }
}

/** The API client's fetch, answering a batch from the page's answers when they hold all of it. */
export function answeredFromPage(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const answers = pageAnswers();
    if (answers.length === 0 || (init?.method ?? "GET").toUpperCase() !== "GET") return inner(input, init);
    const call = parseBatchCall(new URL(input instanceof Request ? input.url : String(input), window.location.href));
    if (!call) return inner(input, init);
    const named = new Headers(init?.headers).get(ORGANIZATION_HEADER);
    const found = call.procedures.map((procedure, index) =>
      answers.find(
        (answer) =>
          answer.procedure === procedure &&
          (answer.organizationId === null || String(answer.organizationId) === named) &&
          sameInput(call.inputs[index], answer.input),
      ),
    );
    const items = found.filter((answer) => answer !== undefined);
    if (items.length < found.length) return inner(input, init);
    unused = answers.filter((answer) => !items.includes(answer));
    return Promise.resolve(jsonResponse(items.map((answer) => answer.item)));
  };
}
