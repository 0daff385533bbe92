import { UniqueConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { managedOrganization, managedUser, presentUser } from "#server/modules/identity/index.js";
import { signedInProcedure } from "#server/platform/api/trpc.js";
import { organizationProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { fail } from "#server/platform/http/errors.js";
import { LIMITS } from "#shared/constants.js";
import {
  checkSlugInput,
  createOrgInput,
  ORG_MESSAGES,
  orgIdInput,
  updateOrgInput,
  validateSlugInput,
} from "#shared/schemas/orgs.js";
import { isReservedSlug, ORG_SLUG_PATTERN } from "#shared/slug.js";
import { findMembership, membershipOf, membershipsOf } from "./membership.js";
import { Membership, Organization, sortNameOf } from "./organization.entity.js";
import { organizationCounts, withMemberCount, withMemberCounts } from "./organizations.data.js";
import { presentOrganization, presentOrganizationAccess, presentOrganizations } from "./orgs.presenter.js";

async function isSlugAvailable(em: SqlEntityManager, slug: string): Promise<boolean> {
  const candidate = slug.trim().toLowerCase();
  if (candidate.length < LIMITS.orgSlugMin || candidate.length > LIMITS.orgSlugMax) return false;
  if (!ORG_SLUG_PATTERN.test(candidate) || isReservedSlug(candidate)) return false;
  return (await em.count(Organization, { slug: candidate })) === 0;
}

/** The orgs area's procedures; the app's router adds the team module's `orgs.leave` beside them (server/router.ts). */
export const orgsProcedures = {
  list: signedInProcedure
    .meta({ rest: { method: "GET", path: "/orgs/list" } })
    .query(async ({ ctx }) =>
      presentOrganizations(await withMemberCounts(ctx.em, await membershipsOf(ctx.em, ctx.user))),
    ),

  switch: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/switch" } })
    .input(orgIdInput)
    .mutation(async ({ ctx, input }) => {
      const membership = await membershipOf(ctx.em, ctx.user, input.orgId);
      const user = managedUser(ctx.em, ctx.user);
      user.currentOrganization = managedOrganization(ctx.em, membership.organization);
      return presentUser(ctx.em, user);
    }),

  checkSlug: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/check-slug" } })
    .input(checkSlugInput)
    .query(async ({ ctx, input }) => ({
      isAvailable: await isSlugAvailable(ctx.em, input.slug),
    })),

  create: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/create" } })
    .input(createOrgInput)
    .mutation(async ({ ctx, input }) => {
      if (!(await isSlugAvailable(ctx.em, input.slug))) throw fail.conflict(ORG_MESSAGES.slugTaken);
      const organization = ctx.em.create(Organization, { name: input.name, slug: input.slug });
      const user = managedUser(ctx.em, ctx.user);
      const membership = ctx.em.create(Membership, {
        organization,
        user,
        role: "admin",
        sortName: sortNameOf(ctx.user.name),
      });
      user.currentOrganization = organization;
      try {
        await ctx.em.flush();
      } catch (error) {
        // Two people taking one free slug at once both pass the check above; the unique index decides,
        // and the one who lost hears why rather than a generic "already exists".
        if (error instanceof UniqueConstraintViolationException) throw fail.conflict(ORG_MESSAGES.slugTaken);
        throw error;
      }
      return presentOrganization(await withMemberCount(ctx.em, membership));
    }),

  validateSlug: signedInProcedure
    .meta({ rest: { method: "GET", path: "/orgs/validate-slug" } })
    .input(validateSlugInput)
    .query(async ({ ctx, input }) => {
      const membership = await findMembership(ctx.em, ctx.user, { slug: input.slug.toLowerCase() });
      // Strangers learn nothing: an organization they are not in reads as one that does not exist.
      if (!membership) throw fail.notFound(`Organization "${input.slug}" could not be found.`);
      return presentOrganizationAccess(membership);
    }),

  get: organizationProcedure("org.view")
    .meta({ rest: { method: "GET", path: "/orgs/get" } })
    .query(async ({ ctx }) => presentOrganization(await withMemberCount(ctx.em, ctx.membership))),

  update: organizationProcedure("org.manage")
    .meta({ rest: { method: "POST", path: "/orgs/update" } })
    .input(updateOrgInput)
    .mutation(async ({ ctx, input }) => {
      // Invitation links and bookmarks carry the slug, so it stays as created (DESIGN decision 0003).
      if (input.slug !== undefined && input.slug.toLowerCase() !== ctx.organization.slug) {
        throw fail.badRequest(ORG_MESSAGES.slugUnchangeable);
      }
      const organization = managedOrganization(ctx.em, ctx.organization);
      if (input.name !== undefined) organization.name = input.name;
      return presentOrganization(await withMemberCount(ctx.em, { ...ctx.membership, organization }));
    }),

  delete: organizationProcedure("org.manage")
    .meta({ rest: { method: "POST", path: "/orgs/delete" } })
    .mutation(async ({ ctx }) => {
      const { id, name } = ctx.organization;
      // The database cascades to every row of the organization and clears it as anyone's current one.
      await ctx.em.nativeDelete(Organization, { id });
      ctx.em.clear();
      return { message: `Organization "${name}" deleted.` };
    }),

  stats: organizationProcedure("settings.view")
    .meta({ rest: { method: "GET", path: "/orgs/stats" } })
    .query(async ({ ctx }) => plainJson(await organizationCounts(ctx.em))),
};
