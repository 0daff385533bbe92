import type { FastifyInstance, FastifyReply } from "fastify";
import superjson from "superjson";
import { API_PREFIX } from "../shared/constants.js";
import { fail, publicError } from "./errors.js";
import { appRouter } from "./routers/index.js";
import { type AppServices, createCallerFactory, createContext } from "./trpc.js";

/**
 * The documented paths of spec §7, each naming the procedure that serves it. The adapter adds nothing
 * of its own: the procedure's validation, permissions and result are the same as through tRPC.
 */
export const REST_ROUTES: ReadonlyArray<readonly ["GET" | "POST", string, string]> = [
  ["GET", "/auth/me", "auth.me"],
  ["POST", "/auth/login", "auth.login"],
  ["POST", "/auth/register", "auth.register"],
  ["POST", "/auth/logout", "auth.logout"],
  ["GET", "/auth/sessions", "auth.sessions"],
  ["POST", "/auth/sign-out-others", "auth.signOutOthers"],
  ["POST", "/auth/change-password", "auth.changePassword"],
  ["POST", "/auth/change-email", "auth.changeEmail"],
  ["GET", "/orgs/list", "orgs.list"],
  ["POST", "/orgs/switch", "orgs.switch"],
  ["POST", "/orgs/check-slug", "orgs.checkSlug"],
  ["POST", "/orgs/create", "orgs.create"],
  ["GET", "/orgs/validate-slug", "orgs.validateSlug"],
  ["GET", "/orgs/get", "orgs.get"],
  ["POST", "/orgs/update", "orgs.update"],
  ["POST", "/orgs/delete", "orgs.delete"],
  ["GET", "/orgs/stats", "orgs.stats"],
  ["GET", "/tags/list", "tags.list"],
  ["POST", "/tags/create", "tags.create"],
  ["POST", "/tags/update", "tags.update"],
  ["POST", "/tags/delete", "tags.delete"],
  ["GET", "/team/members", "team.members"],
  ["POST", "/team/invite", "team.invite"],
  ["POST", "/team/update-role", "team.updateRole"],
  ["POST", "/team/update-member", "team.updateMember"],
  ["GET", "/team/decode-invite", "team.decodeInvite"],
  ["POST", "/team/accept-invite", "team.acceptInvite"],
  ["GET", "/courses/list", "courses.list"],
  ["GET", "/courses/get", "courses.get"],
  ["POST", "/courses/create", "courses.create"],
  ["POST", "/courses/update", "courses.update"],
  ["POST", "/courses/delete", "courses.delete"],
  ["GET", "/courses/structure", "courses.structure"],
  ["GET", "/users/completions", "users.completions"],
  ["GET", "/lessons/get", "lessons.get"],
  ["POST", "/lessons/complete", "lessons.complete"],
  ["POST", "/lessons/create", "lessons.create"],
  ["POST", "/lessons/update", "lessons.update"],
  ["POST", "/lessons/delete", "lessons.delete"],
  ["POST", "/lessons/reorder", "lessons.reorder"],
  ["POST", "/modules/create", "modules.create"],
  ["POST", "/modules/update", "modules.update"],
  ["POST", "/modules/delete", "modules.delete"],
  ["POST", "/modules/reorder", "modules.reorder"],
];

type ProcedureCall = (input: unknown) => Promise<unknown>;
const createCaller = createCallerFactory(appRouter);

function procedureAt(caller: object, dottedPath: string): ProcedureCall {
  let node: unknown = caller;
  for (const part of dottedPath.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "function") throw new Error(`No procedure at ${dottedPath}`);
  return node as ProcedureCall;
}

/** Bodies are superjson; a plain JSON body (one without superjson's `json` envelope) is taken as is. */
export function decodeBody(body: unknown): unknown {
  if (body !== null && typeof body === "object" && "json" in body) {
    try {
      return superjson.deserialize(body as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      throw fail.badRequest("The request body is not valid superjson.");
    }
  }
  return body;
}

function queryInput(query: unknown): unknown {
  if (query === null || typeof query !== "object" || Object.keys(query).length === 0) return undefined;
  return query;
}

export function sendError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type("application/json")
    .send(superjson.serialize({ error: message }));
}

export function registerRestRoutes(app: FastifyInstance, services: AppServices): void {
  for (const [method, url, procedurePath] of REST_ROUTES) {
    if (!(procedurePath in appRouter._def.procedures)) throw new Error(`No procedure named ${procedurePath}`);
    app.route({
      method,
      url: `${API_PREFIX}${url}`,
      handler: async (req, reply) => {
        const call = procedureAt(createCaller(createContext(services, req, reply)), procedurePath);
        try {
          const input = method === "GET" ? queryInput(req.query) : decodeBody(req.body);
          const result = await call(input);
          return reply.type("application/json").send(superjson.serialize(result ?? null));
        } catch (error) {
          const { status, message, expected } = publicError(error);
          if (!expected) req.log.error({ err: error }, `${method} ${url} failed`);
          return sendError(reply, status, message);
        }
      },
    });
  }
}
