import { z } from "zod";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";
import { tagCreateInput, tagDeleteInput, tagUpdateInput } from "#shared/schemas/tags.js";
import { createTag, deleteTag, updateTag } from "./tag-writes.data.js";
import { organizationTags } from "./tags.data.js";
import { presentTag, presentTagTree, tagAnswer, tagTreeAnswer } from "./tags.presenter.js";

export const tagsRouter = router({
  list: permittedProcedure("tags.view")
    .meta({ rest: { method: "GET", path: "/tags/list" }, answer: tagTreeAnswer })
    .query(async ({ ctx }) => plainJson(presentTagTree(await organizationTags(ctx.em)))),

  create: permittedProcedure("tags.manage")
    .meta({ rest: { method: "POST", path: "/tags/create" }, answer: tagAnswer })
    .input(tagCreateInput)
    .mutation(async ({ ctx, input }) => presentTag(await createTag(ctx, input))),

  update: permittedProcedure("tags.manage")
    .meta({ rest: { method: "POST", path: "/tags/update" }, answer: tagAnswer })
    .input(tagUpdateInput)
    .mutation(async ({ ctx, input }) => presentTag(await updateTag(ctx, input))),

  /** A department takes its roles with it; members and courses lose the tags (foreign keys cascade). */
  delete: permittedProcedure("tags.manage")
    .meta({ rest: { method: "POST", path: "/tags/delete" }, answer: z.object({ message: z.string() }) })
    .input(tagDeleteInput)
    .mutation(({ ctx, input }) => deleteTag(ctx.em, input.id)),
});
