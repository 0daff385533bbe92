import { presentUser } from "#server/modules/identity/index.js";
import { browserLocalesOf } from "#server/platform/api/request-language.js";
import { signedInProcedure } from "#server/platform/api/trpc.js";
import { organizationProcedure, permittedProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import {
  checkSlugInput,
  createOrgInput,
  deletionNoticeInput,
  orgIdInput,
  orgLanguageInput,
  updateOrgInput,
  validateSlugInput,
} from "#shared/schemas/orgs.js";
import { deletionNoticesOf, dismissDeletionNotice, noteDeletionForMembers } from "./deletion-notices.data.js";
import { membershipsOf } from "./membership.js";
import {
  createOrganization,
  deleteOrganization,
  isSlugAvailable,
  membershipBySlug,
  organizationCounts,
  renameOrganization,
  setDefaultLanguage,
  switchOrganization,
  withMemberCount,
  withMemberCounts,
} from "./organizations.data.js";
import {
  orgLanguageAnswer,
  presentOrganization,
  presentOrganizationAccess,
  presentOrganizations,
} from "./orgs.presenter.js";

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
    .mutation(async ({ ctx, input }) =>
      presentUser(ctx.em, await switchOrganization(ctx.em, ctx.user, input.orgId), browserLocalesOf(ctx.req)),
    ),

  checkSlug: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/check-slug" } })
    .input(checkSlugInput)
    .query(async ({ ctx, input }) => ({ isAvailable: await isSlugAvailable(ctx.em, input.slug) })),

  create: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/create" } })
    .input(createOrgInput)
    .mutation(async ({ ctx, input }) =>
      presentOrganization(await withMemberCount(ctx.em, await createOrganization(ctx.em, ctx.user, input))),
    ),

  validateSlug: signedInProcedure
    .meta({ rest: { method: "GET", path: "/orgs/validate-slug" } })
    .input(validateSlugInput)
    .query(async ({ ctx, input }) => presentOrganizationAccess(await membershipBySlug(ctx.em, ctx.user, input.slug))),

  get: organizationProcedure("org.view")
    .meta({ rest: { method: "GET", path: "/orgs/get" } })
    .query(async ({ ctx }) => presentOrganization(await withMemberCount(ctx.em, ctx.membership))),

  update: organizationProcedure("org.manage")
    .meta({ rest: { method: "POST", path: "/orgs/update" } })
    .input(updateOrgInput)
    .mutation(async ({ ctx, input }) =>
      presentOrganization(await withMemberCount(ctx.em, renameOrganization(ctx.em, ctx.membership, input))),
    ),

  /** The request's organization's default interface language (decision 0380): the settings page shows it. */
  language: permittedProcedure("settings.view")
    .meta({ rest: { method: "GET", path: "/orgs/language" }, answer: orgLanguageAnswer })
    .query(({ ctx }) => ({ defaultLanguage: ctx.organization.defaultLanguage })),

  setLanguage: permittedProcedure("org.manage")
    .meta({ rest: { method: "POST", path: "/orgs/language" }, answer: orgLanguageAnswer })
    .input(orgLanguageInput)
    .mutation(({ ctx, input }) => setDefaultLanguage(ctx.em, ctx.membership, input.defaultLanguage)),

  delete: organizationProcedure("org.manage")
    .meta({ rest: { method: "POST", path: "/orgs/delete" } })
    .mutation(async ({ ctx }) => {
      await noteDeletionForMembers(ctx.em, ctx.organization, {
        userId: ctx.user.id,
        name: ctx.membership.displayName ?? ctx.user.name,
      });
      return deleteOrganization(ctx.em, ctx.organization);
    }),

  /** The organizations one belonged to that were deleted since (decision 0296). */
  deleted: signedInProcedure
    .meta({ rest: { method: "GET", path: "/orgs/deleted" } })
    .query(({ ctx }) => deletionNoticesOf(ctx.em, ctx.user)),

  dismissDeleted: signedInProcedure
    .meta({ rest: { method: "POST", path: "/orgs/dismiss-deleted" } })
    .input(deletionNoticeInput)
    .mutation(({ ctx, input }) => dismissDeletionNotice(ctx.em, ctx.user, input.noticeId)),

  stats: organizationProcedure("settings.view")
    .meta({ rest: { method: "GET", path: "/orgs/stats" } })
    .query(async ({ ctx }) => plainJson(await organizationCounts(ctx.em))),
};
