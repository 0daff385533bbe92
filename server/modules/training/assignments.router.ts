import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { assignmentsListInput, createAssignmentsInput, deleteAssignmentInput } from "#shared/schemas/training.js";
import { assignMembers, courseAssignments, unassignMember } from "./assignments.data.js";
import { assignmentsAnswer, presentAssignments, unassignedAnswer } from "./training.presenter.js";

/**
 * Named assignments (docs/SPEC.md §7): a course for these people whatever their tags. Everything here needs
 * "training.assign"; a course or person of another organization is "not found" and nothing changes.
 */
export const assignmentsRouter = router({
  list: permittedProcedure("training.assign")
    .meta({ rest: { method: "GET", path: "/assignments/list" }, answer: assignmentsAnswer })
    .input(assignmentsListInput)
    .query(async ({ ctx, input }) => presentAssignments(await courseAssignments(ctx, input.courseId))),

  /** Adds people; someone already named keeps their first assignment (and so their deadline). */
  create: permittedProcedure("training.assign")
    .meta({ rest: { method: "POST", path: "/assignments/create" }, answer: assignmentsAnswer })
    .input(createAssignmentsInput)
    .mutation(async ({ ctx, input }) => presentAssignments(await assignMembers(ctx, input.courseId, input.userIds))),

  delete: permittedProcedure("training.assign")
    .meta({ rest: { method: "POST", path: "/assignments/delete" }, answer: unassignedAnswer })
    .input(deleteAssignmentInput)
    .mutation(async ({ ctx, input }) => {
      await unassignMember(ctx, input.courseId, input.userId);
      return { success: true as const };
    }),
});
