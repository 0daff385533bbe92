import { presentMyTraining } from "#server/presenters/training.js";
import { nowOf, router } from "#server/trpc.js";
import { memberProcedure } from "#server/trpc-org.js";

/** "My training" (issue 11): every member's own assigned and optional courses. */
export const trainingRouter = router({
  mine: memberProcedure
    .meta({ rest: { method: "GET", path: "/training/mine" } })
    .query(({ ctx }) => presentMyTraining(ctx.em, ctx.membership, nowOf(ctx))),
});
