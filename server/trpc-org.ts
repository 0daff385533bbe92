import type { EntityManager } from "@mikro-orm/core";
import type { FastifyRequest } from "fastify";
import { ORGANIZATION_HEADER } from "../shared/constants.js";
import { type Action, can } from "../shared/permissions.js";
import { ORG_MESSAGES, orgIdInput } from "../shared/schemas/orgs.js";
import { TENANT_FILTER } from "./db.js";
import type { Membership } from "./entities/index.js";
import { fail } from "./errors.js";
import { membershipOf } from "./membership.js";
import { signedInProcedure } from "./trpc.js";

export const NO_CURRENT_ORG = "Choose or create an organization first.";

/** Every later query on this entity manager sees only this organization's rows. */
export function scopeToOrganization(em: EntityManager, organizationId: number): void {
  em.setFilterParams(TENANT_FILTER, { organizationId });
}

function requirePermission(membership: Membership, action: Action): void {
  if (!can(membership.role, action)) throw fail.forbidden();
}

/** The largest id an integer column holds: a larger one names no organization (and no query is made). */
const LARGEST_ID = 2_147_483_647;

/**
 * The organization a request names in its header, or undefined when it names none. A value that is not
 * an id reads like an organization the caller is not in: "not found".
 */
function namedOrganizationId(req: FastifyRequest): number | undefined {
  const value = req.headers[ORGANIZATION_HEADER];
  if (value === undefined) return undefined;
  const id = typeof value === "string" && /^\s*[1-9][0-9]{0,9}\s*$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > LARGEST_ID) throw fail.notFound(ORG_MESSAGES.noAccess);
  return id;
}

/**
 * Acts on one organization per request (tags, team, courses …): the one the typed client names in the
 * ORGANIZATION_HEADER (the page's organization), else the session's current one (the REST paths). The
 * caller must be a member either way; naming an organization never changes the session's current one.
 */
export const memberProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  const organizationId = namedOrganizationId(ctx.req) ?? ctx.user.currentOrganization?.id;
  if (!organizationId) throw fail.forbidden(NO_CURRENT_ORG);
  const membership = await membershipOf(ctx.em, ctx.user, organizationId);
  scopeToOrganization(ctx.em, organizationId);
  return next({ ctx: { membership, organization: membership.organization, role: membership.role } });
});

/** The current organization, and the caller's role there allows `action`. */
export function permittedProcedure(action: Action) {
  return memberProcedure.use(({ ctx, next }) => {
    requirePermission(ctx.membership, action);
    return next();
  });
}

/** Acts on the organization named by `orgId` in the input (the orgs endpoints of spec §7). */
export function organizationProcedure(action: Action) {
  return signedInProcedure.input(orgIdInput).use(async ({ ctx, input, next }) => {
    const membership = await membershipOf(ctx.em, ctx.user, input.orgId);
    requirePermission(membership, action);
    scopeToOrganization(ctx.em, input.orgId);
    return next({ ctx: { membership, organization: membership.organization, role: membership.role } });
  });
}
