import { memberProcedure } from "#server/platform/api/trpc-org.js";
import { completeLessonInput } from "#shared/schemas/courses.js";
import { completeByMarking } from "./lesson-completion.js";

/** lessons/complete, which server/router.ts spreads into the lessons area beside the courses module's procedures. */
export const progressLessonProcedures = {
  /** Idempotent: completing a completed lesson answers with the first completion (there is no undo). */
  complete: memberProcedure
    .meta({ rest: { method: "POST", path: "/lessons/complete" }, commitsItself: true, inPerson: true })
    .input(completeLessonInput)
    .mutation(({ ctx, input }) => completeByMarking(ctx, input)),
};
