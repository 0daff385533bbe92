import { raw, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { LIMITS } from "../../shared/constants.js";
import type { Role } from "../../shared/roles.js";
import {
  checkSlugInput,
  createOrgInput,
  ORG_MESSAGES,
  switchOrgInput,
  updateOrgInput,
  validateSlugInput,
} from "../../shared/schemas/orgs.js";
import { isReservedSlug, ORG_SLUG_PATTERN } from "../../shared/slug.js";
import { Completion, Course, Lesson, Membership, Organization } from "../entities/index.js";
import { fail } from "../errors.js";
import { router, signedInProcedure } from "../trpc.js";
import { membershipOf, organizationProcedure } from "../trpc-org.js";
import { userView } from "../views.js";

export interface OrganizationView {
  id: number;
  name: string;
  slug: string;
  role: Role;
  createdAt: Date;
  memberCount: number;
}

/** Member counts of several organizations in one query. */
async function memberCounts(em: SqlEntityManager, organizationIds: number[]): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await em
    .createQueryBuilder(Membership, "m")
    .select([raw("m.organization_id as organization_id"), raw("count(m.id) as member_count")])
    .where({ organization: { $in: organizationIds } })
    .groupBy("m.organization")
    .execute<{ organization_id: number; member_count: number | string }[]>("all", false);
  return new Map(rows.map((row) => [Number(row.organization_id), Number(row.member_count)]));
}

async function organizationView(em: SqlEntityManager, membership: Membership): Promise<OrganizationView> {
  const org = membership.organization;
  const counts = await memberCounts(em, [org.id]);
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    role: membership.role,
    createdAt: org.createdAt,
    memberCount: counts.get(org.id) ?? 0,
  };
}

async function isSlugAvailable(em: SqlEntityManager, slug: string): Promise<boolean> {
  const candidate = slug.trim().toLowerCase();
  if (candidate.length < LIMITS.orgSlugMin || candidate.length > LIMITS.orgSlugMax) return false;
  if (!ORG_SLUG_PATTERN.test(candidate) || isReservedSlug(candidate)) return false;
  return (await em.count(Organization, { slug: candidate })) === 0;
}

export const orgsRouter = router({
  list: signedInProcedure
    .meta({ rest: { method: "GET", path: "/orgs/list" } })
    .query(async ({ ctx }): Promise<OrganizationView[]> => {
      const memberships = await ctx.em.find(
        Membership,
        { user: ctx.user.id },
        { populate: ["organization"], orderBy: { organization: { name: "asc" } } },
      );
      const counts = await memberCounts(
        ctx.em,
        memberships.map((m) => m.organization.id),
      );
      return memberships.map(({ organization: org, role }) => ({
        id: org.id,
        name: org.name,
        slug: org.slug,
        role,
        createdAt: org.createdAt,
        memberCount: counts.get(org.id) ?? 0,
      }));
    }),

  switch: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/switch" } })
    .input(switchOrgInput)
    .mutation(async ({ ctx, input }) => {
      const membership = await membershipOf(ctx.em, ctx.user, input.orgId);
      ctx.user.currentOrganization = membership.organization;
      await ctx.em.flush();
      return userView(ctx.em, ctx.user);
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
      const membership = ctx.em.create(Membership, { organization, user: ctx.user, role: "admin" });
      ctx.user.currentOrganization = organization;
      try {
        await ctx.em.flush();
      } catch (error) {
        // Two people taking one free slug at once both pass the check above; the unique index decides,
        // and the one who lost hears why rather than a generic "already exists".
        if (error instanceof UniqueConstraintViolationException) throw fail.conflict(ORG_MESSAGES.slugTaken);
        throw error;
      }
      return organizationView(ctx.em, membership);
    }),

  validateSlug: signedInProcedure
    .meta({ rest: { method: "GET", path: "/orgs/validate-slug" } })
    .input(validateSlugInput)
    .query(async ({ ctx, input }) => {
      const slug = input.slug.toLowerCase();
      const membership = await ctx.em.findOne(
        Membership,
        { user: ctx.user.id, organization: { slug } },
        { populate: ["organization"] },
      );
      // Strangers learn nothing: an organization they are not in reads as one that does not exist.
      if (!membership) throw fail.notFound(`Organization "${input.slug}" could not be found.`);
      const { organization: org, role } = membership;
      return { id: org.id, name: org.name, slug: org.slug, role };
    }),

  get: organizationProcedure("org.view")
    .meta({ rest: { method: "GET", path: "/orgs/get" } })
    .query(({ ctx }) => organizationView(ctx.em, ctx.membership)),

  update: organizationProcedure("org.manage")
    .meta({ rest: { method: "POST", path: "/orgs/update" } })
    .input(updateOrgInput)
    .mutation(async ({ ctx, input }) => {
      const org = ctx.organization;
      // Invitation links and bookmarks carry the slug, so it stays as created (DESIGN decision 0003).
      if (input.slug !== undefined && input.slug.toLowerCase() !== org.slug) {
        throw fail.badRequest(ORG_MESSAGES.slugUnchangeable);
      }
      if (input.name !== undefined) org.name = input.name;
      await ctx.em.flush();
      return organizationView(ctx.em, ctx.membership);
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
    .query(async ({ ctx }) => {
      const organizationId = ctx.organization.id;
      const [memberCount, courseCount, lessonCount, totalCompletions] = await Promise.all([
        ctx.em.count(Membership, { organization: organizationId }),
        ctx.em.count(Course, { status: "published" }),
        ctx.em.count(Lesson, {}),
        ctx.em.count(Completion, {}),
      ]);
      return { memberCount, courseCount, lessonCount, totalCompletions };
    }),
});
