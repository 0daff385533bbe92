import type { EntityManager } from "@mikro-orm/core";
import { TENANT_FILTER } from "../mikro-orm.config.js";
import { type Action, can } from "../shared/permissions.js";
import { ORG_MESSAGES, orgIdInput } from "../shared/schemas/orgs.js";
import { Membership, type User } from "./entities/index.js";
import { fail } from "./errors.js";
import { signedInProcedure } from "./trpc.js";

export const NO_CURRENT_ORG = "Choose or create an organization first.";

/** Every later query on this entity manager sees only this organization's rows. */
export function scopeToOrganization(em: EntityManager, organizationId: number): void {
  em.setFilterParams(TENANT_FILTER, { organizationId });
}

/** The caller's membership of an organization, or "no access" for strangers and unknown ids alike. */
export async function membershipOf(em: EntityManager, user: User, organizationId: number): Promise<Membership> {
  const membership = await em.findOne(
    Membership,
    { user: user.id, organization: organizationId },
    { populate: ["organization"] },
  );
  if (!membership) throw fail.notFound(ORG_MESSAGES.noAccess);
  return membership;
}

function requirePermission(membership: Membership, action: Action): void {
  if (!can(membership.role, action)) throw fail.forbidden();
}

/**
 * Acts on the caller's current organization (tags, team, courses …). The organization comes from the
 * session, never from the client.
 */
export const memberProcedure = signedInProcedure.use(async ({ ctx, next }) => {
  const organizationId = ctx.user.currentOrganization?.id;
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
