import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import { FRESHNESS } from "#shared/constants.js";

type Outputs = inferRouterOutputs<AppRouter>;

/** The caller's own training (docs/SPEC.md §7): required courses first, then the optional ones. */
type MyTraining = Outputs["training"]["mine"];
export type TrainingItem = MyTraining["assigned"][number];

const TRAINING_TEXT = {
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

/** One course of the caller's training (required or optional), if it is theirs. */
export function trainingItemOf(training: MyTraining | undefined, courseId: number): TrainingItem | undefined {
  return [...(training?.assigned ?? []), ...(training?.optional ?? [])].find((item) => item.courseId === courseId);
}

export function assignmentsQuery(courseId: number) {
  return trpc.assignments.list.queryOptions({ courseId });
}

/**
 * What shows people's training and progress: "My training" and the reports. A completed lesson, a change
 * of a course's lessons, tags or deadline, and a change of a member's tags all show up here.
 */
export function progressReaders() {
  return [trpc.training.pathKey(), trpc.reports.pathKey()];
}

/** What a named assignment changes: the above, the course views ("assigned to me", deadline) and the list. */
function assignmentReaders() {
  return [...progressReaders(), trpc.courses.pathKey(), trpc.assignments.pathKey()];
}

export function useAssignmentMutations() {
  const create = useMutation(
    trpc.assignments.create.mutationOptions({
      meta: { success: TRAINING_TEXT.assigned, failure: TRAINING_TEXT.assignFailed, invalidates: assignmentReaders() },
    }),
  );
  const remove = useMutation(
    trpc.assignments.delete.mutationOptions({
      meta: {
        success: TRAINING_TEXT.unassigned,
        failure: TRAINING_TEXT.unassignFailed,
        invalidates: assignmentReaders(),
      },
    }),
  );
  return { create, remove };
}
