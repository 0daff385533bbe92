import type { CompletedLessonsView } from "#server/presenters/lessons.js";
import { completedLessonIds } from "#server/read-models/courses.js";
import { router } from "#server/trpc.js";
import { memberProcedure } from "#server/trpc-org.js";
import { plainJson } from "#server/wire-format.js";

export const usersRouter = router({
  /** The lessons the caller has completed in the request's organization, as plain rows (decision 0150). */
  completions: memberProcedure
    .meta({ rest: { method: "GET", path: "/users/completions" } })
    .query(
      async ({ ctx }): Promise<CompletedLessonsView> =>
        plainJson({ lessonIds: await completedLessonIds(ctx.em, ctx.organization.id, ctx.user.id) }),
    ),
});
