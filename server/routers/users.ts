import { Completion } from "#server/entities/index.js";
import { presentCompletedLessons } from "#server/presenters/lessons.js";
import { router } from "#server/trpc.js";
import { memberProcedure } from "#server/trpc-org.js";

export const usersRouter = router({
  /** The lessons the caller has completed in the current organization (the tenant filter scopes it). */
  completions: memberProcedure.meta({ rest: { method: "GET", path: "/users/completions" } }).query(async ({ ctx }) => {
    const completions = await ctx.em.find(
      Completion,
      { user: ctx.user.id },
      { fields: ["lesson"], orderBy: { lesson: "asc" } },
    );
    return presentCompletedLessons(completions);
  }),
});
