import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { AnyRouter } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requestIdentity } from "#server/platform/api/session.js";
import { type AppServices, createContext } from "#server/platform/api/trpc.js";
import { serializeAnswer } from "#server/platform/api/wire-format.js";
import { publicError } from "#server/platform/http/errors.js";
import { procedureCall } from "#server/platform/http/rest.js";
import { ORGANIZATION_HEADER, PAGE_ANSWERS_ELEMENT_ID, PAGE_PRELOADS_FILE, SESSION_COOKIE } from "#shared/constants.js";
import type { RecordPageName } from "#shared/page-queries.js";
import type { Role } from "#shared/roles.js";
import { pageAtAddress } from "./page-calls.js";

/**
 * Decision 0220: a signed-in course or lesson page's HTML carries the first answers the page would ask
 * for (who is signed in, their organizations, the page's record), so the app renders the page without
 * the request chain auth.me → orgs.list → courses.get. Each answer comes from the procedure itself,
 * called with this request's session: the same checks as the API, nothing another member could not read.
 */

/** A call's input as the app sends it before superjson (none for a procedure without input). */
type CallInput = Readonly<Record<string, number>>;

/** A page's first answers, and which page it is (for its scripts, decision 0222). */
interface PageWithAnswers {
  page: RecordPageName;
  answers: PageAnswer[];
}

/** One call's answer, as the app's batched tRPC request would have received it. */
interface PageAnswer {
  procedure: string;
  /** The call's input, as the app sends it before superjson (undefined: no input). */
  input?: CallInput;
  /** The organization the call names (ORGANIZATION_HEADER); null for the person's own reads. */
  organizationId: number | null;
  /** The batch item: `{ result: { data: { json, meta? } } }`, the wire format of every answer. */
  item: { result: { data: unknown } };
}

/** The page request as a call naming this organization (or none) sees it; everything else is the request's own. */
function requestNaming(req: FastifyRequest, organizationId: number | null): FastifyRequest {
  const headers = { ...req.headers };
  delete headers[ORGANIZATION_HEADER];
  if (organizationId !== null) headers[ORGANIZATION_HEADER] = String(organizationId);
  return Object.create(req, { headers: { value: headers, enumerable: true } }) as FastifyRequest;
}

async function answerOf(
  services: AppServices,
  appRouter: AnyRouter,
  req: FastifyRequest,
  reply: FastifyReply,
  procedure: string,
  organizationId: number | null,
  input?: CallInput,
): Promise<PageAnswer> {
  const view = requestNaming(req, organizationId);
  const output = await procedureCall(appRouter, procedure)(createContext(services, view, reply), input);
  // The access log names the person the calls found.
  if (view.actor) req.actor = view.actor;
  return {
    procedure,
    ...(input ? { input } : {}),
    organizationId,
    item: { result: { data: serializeAnswer(output) } },
  };
}

/**
 * The first answers of the page at this request's URL, or null when it is not a course or lesson page
 * or the session is not a valid one (the app then asks as usual and meets the same refusal). A record
 * the person may not read is left out: the page asks for it and shows the API's own answer.
 */
async function pageAnswersFor(
  services: AppServices,
  appRouter: AnyRouter,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<PageWithAnswers | null> {
  if (req.cookies[SESSION_COOKIE] === undefined) return null;
  // The page and the calls it answers are the ones its route loader asks for (shared/page-queries.ts, decision 0285).
  const page = pageAtAddress(req.url.split("?", 1)[0] ?? "");
  if (!page) return null;
  // One session lookup for the page's calls (decision 0236): each checks it as its own lookup would.
  const em = createContext(services, req, reply).em;
  req.sharedSession = requestIdentity.one.resumeSession(em, req, reply, services.config);
  try {
    const user = await answerOf(services, appRouter, req, reply, "auth.me", null);
    const organizations = await answerOf(services, appRouter, req, reply, "orgs.list", null);
    const listed = (organizations.item.result.data as { json: { id: number; slug: string; role: Role }[] }).json;
    const organization = listed.find((candidate) => candidate.slug === page.slug);
    const answers = [user, organizations];
    if (organization) {
      // A call the person may not make (a record they may not read) is left out: the page asks for it
      // and shows the API's own refusal.
      const answerOrNothing = (procedure: string, input?: CallInput) =>
        answerOf(services, appRouter, req, reply, procedure, organization.id, input).catch((error: unknown) => {
          if (!publicError(error).expected) req.log.warn({ err: error, procedure }, "a page's first answer failed");
          return null;
        });
      const record = await answerOrNothing(page.record.procedure, page.record.input);
      if (record) {
        answers.push(record);
        const json = (record.item.result.data as { json?: unknown }).json;
        for (const call of page.following(organization.role, json)) {
          const answer = await answerOrNothing(call.procedure, call.input);
          if (answer) answers.push(answer);
        }
      }
    }
    return { page: page.page, answers };
  } catch (error) {
    if (!publicError(error).expected) req.log.warn({ err: error }, "a page's first answers failed");
    return null;
  }
}

/**
 * JSON that is safe inside a `<script type="application/json">` element: no `<` (so no `</script>` or
 * `<!--`), `>` or `&` in the text, and the two line separators JavaScript once refused, all as \u escapes
 * that JSON.parse reads back as the same characters.
 */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `html` with `addition` just before its closing `tag` (at the end when there is none). */
function insertBefore(html: string, tag: string, addition: string): string {
  const at = html.lastIndexOf(tag);
  return at === -1 ? html + addition : `${html.slice(0, at)}${addition}${html.slice(at)}`;
}

/**
 * The app's HTML with the page's route scripts as `modulepreload` links (decision 0222) and the answers in
 * a JSON block before `</body>`, which the app reads (client/lib/page-answers.ts).
 */
function htmlWithAnswers(html: string, answers: readonly PageAnswer[], scripts: readonly string[] = []): string {
  const links = scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`).join("");
  const block = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${jsonForScriptElement(answers)}</script>`;
  return insertBefore(insertBefore(html, "</head>", links), "</body>", block);
}

/** The scripts of each page's route, as the build listed them; none when the build wrote no list. */
function pageScripts(clientDir: string): Partial<Record<RecordPageName, string[]>> {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, PAGE_PRELOADS_FILE), "utf8")) as Record<
      RecordPageName,
      string[]
    >;
  } catch {
    return {};
  }
}

/**
 * Sends a page that holds one person's data: never stored by a shared cache or kept by the browser
 * (`private, no-store`), compressed as the browser accepts (a fast brotli level: it is made per request).
 */
function sendPersonalPage(req: FastifyRequest, reply: FastifyReply, html: string): void {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  reply
    .header("Cache-Control", "private, no-store")
    .header("Vary", "Accept-Encoding, Cookie")
    .type("text/html; charset=utf-8");
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    reply.header("Content-Encoding", "br").send(body);
  } else if (/\bgzip\b/.test(accepted)) reply.header("Content-Encoding", "gzip").send(gzipSync(html));
  else reply.send(html);
}

/**
 * Sends the single-page app's HTML for this request with its first answers and says true; false when the
 * page has none to carry (any other page, no valid session): the caller sends the built file as it is.
 * (Not the reply itself: a reply is a thenable, which `await` would wait on until it is sent.)
 */
export async function sendAppPageWithAnswers(
  services: AppServices,
  appRouter: AnyRouter,
  req: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
): Promise<boolean> {
  const found = await pageAnswersFor(services, appRouter, req, reply);
  if (!found) return false;
  built ??= { indexHtml: readFileSync(path.join(clientDir, "index.html"), "utf8"), scripts: pageScripts(clientDir) };
  sendPersonalPage(req, reply, htmlWithAnswers(built.indexHtml, found.answers, built.scripts[found.page]));
  return true;
}

/** The built index.html and page scripts, read on first use: they do not change while the server runs. */
let built: { indexHtml: string; scripts: Partial<Record<RecordPageName, string[]>> } | undefined;
