import type { FastifyRequest } from "fastify";
import { LANDING_SHELL_FILE, SESSION_COOKIE } from "#shared/constants.js";

/**
 * The HTML file for a page request: the prerendered landing shell for `/` when the browser has no
 * session (decision 0160), else the single-page app. Only the cookie's presence is looked at, not its
 * validity: a stale cookie gets the app, which shows the same landing page to a signed-out visitor.
 */
export function pageFileFor(req: FastifyRequest, hasLandingShell: boolean): string {
  const pathname = req.url.split("?", 1)[0];
  const landing = hasLandingShell && pathname === "/" && req.cookies[SESSION_COOKIE] === undefined;
  return landing ? LANDING_SHELL_FILE : "index.html";
}
