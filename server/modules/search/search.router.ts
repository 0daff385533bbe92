import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { searchInput } from "#shared/schemas/search.js";
import { searchHits } from "./search.data.js";
import { presentSearch } from "./search.presenter.js";

export const searchRouter = router({
  /**
   * Courses, modules and lessons of the caller's organization that contain every word of `q`, best
   * first; drafts only for those who may see them. Every member may search ("org.view").
   */
  find: permittedProcedure("org.view")
    .meta({ rest: { method: "GET", path: "/search" } })
    .input(searchInput)
    .query(async ({ ctx, input }) => presentSearch(await searchHits(ctx, input.q, input.limit))),
});
