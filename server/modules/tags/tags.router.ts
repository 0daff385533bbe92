import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Organization } from "#server/modules/organizations/index.js";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { takeTurn } from "#server/platform/db/sql-dialect.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { DEFAULT_DEPARTMENT_COLOR } from "#shared/constants.js";
import { TAG_MESSAGES, type TagType, tagCreateInput, tagDeleteInput, tagUpdateInput } from "#shared/schemas/tags.js";
import { Tag } from "./tag.entity.js";
import { organizationTags } from "./tags.data.js";
import { presentTag, presentTagTree } from "./tags.presenter.js";

/** Any number, as long as no other advisory lock of this database uses it: "tags" in the first key. */
const TAG_WRITES_LOCK = 0x74616773;

/**
 * Names are checked, then written. On PostgreSQL two writers of one organization's tags could both
 * pass the check and store the same name twice, so they take turns: a lock held until the
 * transaction ends, one per organization, that blocks no reads and no other writes. SQLite runs one
 * writer at a time anyway.
 */
function takeTurnWritingTags(ctx: { em: SqlEntityManager; config: Config; organization: Organization }) {
  return takeTurn(ctx, TAG_WRITES_LOCK, ctx.organization.id);
}

/** Names are unique among siblings, whatever their case. */
async function assertNameFree(
  em: SqlEntityManager,
  name: string,
  type: TagType,
  parentId: number | null,
  exceptId?: number,
) {
  const siblings = await em.find(Tag, { type, parent: parentId });
  const key = name.toLocaleLowerCase();
  if (siblings.some((tag) => tag.id !== exceptId && tag.name.toLocaleLowerCase() === key)) {
    throw fail.conflict(
      type === "department"
        ? `A department named "${name}" already exists.`
        : `A role named "${name}" already exists in this department.`,
    );
  }
}

export const tagsRouter = router({
  list: permittedProcedure("tags.view")
    .meta({ rest: { method: "GET", path: "/tags/list" } })
    .query(async ({ ctx }) => plainJson(presentTagTree(await organizationTags(ctx.em)))),

  create: permittedProcedure("tags.manage")
    .meta({ rest: { method: "POST", path: "/tags/create" } })
    .input(tagCreateInput)
    .mutation(async ({ ctx, input }) => {
      let parent: Tag | null = null;
      if (input.type === "department" && input.parentId != null)
        throw fail.badRequest(TAG_MESSAGES.departmentHasNoParent);
      await takeTurnWritingTags(ctx);
      if (input.type === "role") {
        parent = await ctx.em.findOne(Tag, { id: input.parentId ?? 0 });
        if (!parent) throw fail.notFound(TAG_MESSAGES.parentNotFound);
        if (parent.type !== "department") throw fail.badRequest(TAG_MESSAGES.parentNotDepartment);
      }
      await assertNameFree(ctx.em, input.name, input.type, parent?.id ?? null);
      const tag = createOwned(ctx, Tag, {
        name: input.name,
        type: input.type,
        parent,
        color: input.type === "department" ? input.color || DEFAULT_DEPARTMENT_COLOR : null,
      });
      await ctx.em.flush();
      return presentTag(tag);
    }),

  update: permittedProcedure("tags.manage")
    .meta({ rest: { method: "POST", path: "/tags/update" } })
    .input(tagUpdateInput)
    .mutation(async ({ ctx, input }) => {
      await takeTurnWritingTags(ctx);
      const tag = await ctx.em.findOne(Tag, { id: input.id });
      if (!tag) throw fail.notFound(TAG_MESSAGES.notFound);
      if (tag.type === "role" && input.color) throw fail.badRequest(TAG_MESSAGES.colorOnlyDepartments);
      await assertNameFree(ctx.em, input.name, tag.type, tag.parent?.id ?? null, tag.id);
      tag.name = input.name;
      if (tag.type === "department" && input.color) tag.color = input.color;
      return presentTag(tag);
    }),

  /** A department takes its roles with it; members and courses lose the tags (foreign keys cascade). */
  delete: permittedProcedure("tags.manage")
    .meta({ rest: { method: "POST", path: "/tags/delete" } })
    .input(tagDeleteInput)
    .mutation(async ({ ctx, input }) => {
      const tag = await ctx.em.findOne(Tag, { id: input.id });
      if (!tag) throw fail.notFound(TAG_MESSAGES.notFound);
      await ctx.em.nativeDelete(Tag, { id: tag.id });
      return { message: "Tag deleted." };
    }),
});
