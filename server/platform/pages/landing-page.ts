import type { FastifyRequest } from "fastify";
import { LOGIN_SHELL_FILE, PRERENDERED_PAGES, SESSION_COOKIE } from "#shared/constants.js";

/**
 * The HTML file for a page request: a prerendered page (`/`, decision 0160; `/login`, decision 0201) when
 * the browser has no session and the build wrote it, else the single-page app. Only the cookie's presence
 * is looked at, not its validity: a stale cookie gets the app, which shows the same page to a signed-out
 * visitor. `/login` with a query (`?signup=true`, `?next=…`) may show another form: the app renders it.
 */
export function pageFileFor(req: FastifyRequest, prerendered: ReadonlySet<string>): string {
  if (req.cookies[SESSION_COOKIE] !== undefined) return "index.html";
  const [pathname, query] = req.url.split("?", 2);
  const file = PRERENDERED_PAGES[pathname as keyof typeof PRERENDERED_PAGES] as string | undefined;
  if (file === undefined || !prerendered.has(file)) return "index.html";
  return file === LOGIN_SHELL_FILE && query !== undefined ? "index.html" : file;
}
