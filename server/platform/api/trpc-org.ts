import type { EntityManager } from "@mikro-orm/core";
import type { FastifyRequest } from "fastify";
import { scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { ID_MAX, ORGANIZATION_HEADER } from "#shared/constants.js";
import { type Action, can } from "#shared/permissions.js";
import { ORG_MESSAGES, orgIdInput } from "#shared/schemas/orgs.js";
import { type ApiKeyGrant, type MembershipRecord, requestIdentity, type SignedInUser } from "./session.js";
import { callerBeforeTransaction, signedInProcedure, signedInProcedureWith } from "./trpc.js";

export const NO_CURRENT_ORG = "Choose or create an organization first.";

function requirePermission(membership: Pick<MembershipRecord, "role">, action: Action): void {
  if (!can(membership.role, action)) throw fail.forbidden();
}

/**
 * The organization a request names in its header, or undefined when it names none. A value that is not
 * an id reads like an organization the caller is not in: "not found".
 */
function namedOrganizationId(req: FastifyRequest): number | undefined {
  const value = req.headers[ORGANIZATION_HEADER];
  if (value === undefined) return undefined;
  const id = typeof value === "string" && /^\s*[1-9][0-9]{0,9}\s*$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > ID_MAX) throw fail.notFound(ORG_MESSAGES.noAccess);
  return id;
}

/**
 * The caller's membership of the organization this request acts on (see memberProcedure). The session
 * lookup already brought the membership of the current organization: naming that one costs no query. An
 * API key's is its organization's alone: any other reads as one the caller is not in.
 */
async function requestMembership(
  em: EntityManager,
  req: FastifyRequest,
  user: SignedInUser,
  currentMembership: MembershipRecord | null,
  apiKey: ApiKeyGrant | null,
): Promise<MembershipRecord> {
  const organizationId = namedOrganizationId(req) ?? user.currentOrganization?.id;
  if (!organizationId) throw fail.forbidden(NO_CURRENT_ORG);
  if (apiKey && organizationId !== apiKey.membership.organization.id) throw fail.notFound(ORG_MESSAGES.noAccess);
  return membershipIn(em, user, organizationId, currentMembership);
}

/**
 * The caller's membership of the organization as a plain record: the session's own when it is that one
 * (no query), else one indexed read; "not found" for strangers and unknown ids alike.
 */
async function membershipIn(
  em: EntityManager,
  user: SignedInUser,
  organizationId: number,
  currentMembership: MembershipRecord | null,
): Promise<MembershipRecord> {
  if (currentMembership?.organization.id === organizationId) return currentMembership;
  return requestIdentity.one.membershipOf(em, user, organizationId);
}

/** The caller's membership of the request's organization, with the tenant filter of `em` set to it. */
async function joinRequestOrganization(ctx: {
  em: EntityManager;
  req: FastifyRequest;
  user: SignedInUser;
  currentMembership: MembershipRecord | null;
  apiKey: ApiKeyGrant | null;
}) {
  const membership = await requestMembership(ctx.em, ctx.req, ctx.user, ctx.currentMembership, ctx.apiKey);
  scopeToOrganization(ctx.em, membership.organization.id);
  ctx.req.organizationLanguage = membership.organization.defaultLanguage;
  return { membership, organization: membership.organization, role: membership.role };
}

/**
 * Acts on one organization per request (tags, team, courses …): the one the typed client names in the
 * ORGANIZATION_HEADER (the page's organization), else the session's current one (the REST paths). The
 * caller must be a member either way; naming an organization never changes the session's current one.
 */
export const memberProcedure = signedInProcedureWith(joinRequestOrganization);

/** The request's organization (as memberProcedure finds it), and the caller's role there allows `action`. */
export function permittedProcedure(action: Action) {
  return signedInProcedureWith(async (ctx) => {
    const scope = await joinRequestOrganization(ctx);
    requirePermission(scope.membership, action);
    return scope;
  });
}

/**
 * permittedProcedure's checks, made before any transaction begins, for a write that has slow work to do
 * first (converting lesson content): only callers who may write spend that time, and the transaction,
 * which on SQLite holds the only connection, does not wait for it. The procedure continues with
 * `.input(…)`, its slow step, then `.use(inTransaction)` (server/platform/api/trpc.ts) before the handler.
 */
export function permittedBeforeTransaction(action: Action) {
  return callerBeforeTransaction.use(async ({ ctx, next }) => {
    const scope = await joinRequestOrganization(ctx);
    requirePermission(scope.membership, action);
    return next({ ctx: scope });
  });
}

/** Acts on the organization named by `orgId` in the input (the orgs endpoints of docs/SPEC.md §7). */
export function organizationProcedure(action: Action) {
  return signedInProcedure.input(orgIdInput).use(async ({ ctx, input, next }) => {
    const membership = await membershipIn(ctx.em, ctx.user, input.orgId, ctx.currentMembership);
    requirePermission(membership, action);
    scopeToOrganization(ctx.em, input.orgId);
    return next({ ctx: { membership, organization: membership.organization, role: membership.role } });
  });
}
