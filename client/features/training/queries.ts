import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/routers/index.js";
import { FRESHNESS } from "#shared/constants.js";

type Outputs = inferRouterOutputs<AppRouter>;

/** The caller's own training (issue 11): required courses first, then the optional ones. */
export type MyTraining = Outputs["training"]["mine"];
export type TrainingItem = MyTraining["assigned"][number];
export type Assignment = Outputs["assignments"]["list"]["assignments"][number];

export const TRAINING_TEXT = {
  assigned: "People assigned.",
  assignFailed: "Failed to assign people.",
  unassigned: "Assignment removed.",
  unassignFailed: "Failed to remove the assignment.",
} as const;

/** Progress moves with every completed lesson, so this read is as fresh as the course content. */
export function myTrainingQuery() {
  return trpc.training.mine.queryOptions(undefined, { staleTime: FRESHNESS.contentMs });
}

export function useMyTraining() {
  return useQuery(myTrainingQuery());
}

export function assignmentsQuery(courseId: number) {
  return trpc.assignments.list.queryOptions({ courseId });
}

/**
 * Who a change of audience or progress shows up for: the caller's training, the course views (their
 * "assigned to me" and deadline) and every report.
 */
export function trainingReaders() {
  return [trpc.training.pathKey(), trpc.courses.pathKey(), trpc.reports.pathKey(), trpc.assignments.pathKey()];
}

export function useAssignmentMutations() {
  const create = useMutation(
    trpc.assignments.create.mutationOptions({
      meta: { success: TRAINING_TEXT.assigned, failure: TRAINING_TEXT.assignFailed, invalidates: trainingReaders() },
    }),
  );
  const remove = useMutation(
    trpc.assignments.delete.mutationOptions({
      meta: {
        success: TRAINING_TEXT.unassigned,
        failure: TRAINING_TEXT.unassignFailed,
        invalidates: trainingReaders(),
      },
    }),
  );
  return { create, remove };
}
