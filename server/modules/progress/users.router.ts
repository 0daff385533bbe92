import type { CompletedLessonsView } from "#server/modules/courses/index.js";
import { completedLessonIds } from "#server/modules/courses/index.js";
import { router } from "#server/platform/api/trpc.js";
import { memberProcedure } from "#server/platform/api/trpc-org.js";
import { plainJson } from "#server/platform/api/wire-format.js";

export const usersRouter = router({
  /** The lessons the caller has completed in the request's organization, as plain rows (decision 0150). */
  completions: memberProcedure
    .meta({ rest: { method: "GET", path: "/users/completions" }, inPerson: true })
    .query(
      async ({ ctx }): Promise<CompletedLessonsView> =>
        plainJson({ lessonIds: await completedLessonIds(ctx.em, ctx.user.id) }),
    ),
});
