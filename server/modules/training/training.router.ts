import { nowOf, router } from "#server/platform/api/trpc.js";
import { memberProcedure } from "#server/platform/api/trpc-org.js";
import { presentMyTraining } from "./training.presenter.js";
import { myTrainingRows } from "./training-mine.data.js";

/** "My training" (docs/SPEC.md §7): every member's own assigned and optional courses. */
export const trainingRouter = router({
  mine: memberProcedure
    .meta({ rest: { method: "GET", path: "/training/mine" }, inPerson: true })
    .query(async ({ ctx }) => {
      const now = nowOf(ctx);
      return presentMyTraining(await myTrainingRows(ctx, ctx.membership, now), now);
    }),
});
