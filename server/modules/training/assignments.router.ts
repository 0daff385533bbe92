import type { SqlEntityManager } from "@mikro-orm/knex";
import { Assignment, type Course, findCourse } from "#server/modules/courses/index.js";
import { Membership } from "#server/modules/organizations/index.js";
import { memberName } from "#server/modules/team/index.js";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import {
  assignmentsListInput,
  createAssignmentsInput,
  deleteAssignmentInput,
  TRAINING_MESSAGES,
} from "#shared/schemas/training.js";

/** A named person a course is assigned to (assignments/list). */
export interface AssignmentView {
  userId: number;
  name: string;
  email: string;
  assignedAt: Date;
}

/** The course's named people, by name: one query. */
async function presentAssignments(em: SqlEntityManager, course: Course): Promise<{ assignments: AssignmentView[] }> {
  const rows = await em.find(Assignment, { course: course.id }, { populate: ["membership.user"] });
  const assignments = rows.map((row) => ({
    userId: row.membership.user.id,
    name: memberName(row.membership),
    email: row.membership.user.email,
    assignedAt: row.createdAt,
  }));
  assignments.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.userId - b.userId);
  return { assignments };
}

/**
 * Named assignments (docs/SPEC.md §7): a course for these people whatever their tags. Everything here needs
 * "training.assign"; a course or person of another organization is "not found" and nothing changes.
 */
export const assignmentsRouter = router({
  list: permittedProcedure("training.assign")
    .meta({ rest: { method: "GET", path: "/assignments/list" } })
    .input(assignmentsListInput)
    .query(async ({ ctx, input }) => presentAssignments(ctx.em, await findCourse(ctx, input.courseId))),

  /** Adds people; someone already named keeps their first assignment (and so their deadline). */
  create: permittedProcedure("training.assign")
    .meta({ rest: { method: "POST", path: "/assignments/create" } })
    .input(createAssignmentsInput)
    .mutation(async ({ ctx, input }) => {
      const course = await findCourse(ctx, input.courseId);
      const memberships = await ctx.em.find(Membership, {
        organization: ctx.organization.id,
        user: { $in: input.userIds },
      });
      if (memberships.length !== input.userIds.length) throw fail.notFound(TRAINING_MESSAGES.memberNotFound);
      const existing = await ctx.em.find(Assignment, { course: course.id }, { fields: ["membership"] });
      const named = new Set(existing.map((row) => row.membership.id));
      for (const membership of memberships) {
        if (!named.has(membership.id)) createOwned(ctx, Assignment, { course, membership });
      }
      await ctx.em.flush();
      return presentAssignments(ctx.em, course);
    }),

  delete: permittedProcedure("training.assign")
    .meta({ rest: { method: "POST", path: "/assignments/delete" } })
    .input(deleteAssignmentInput)
    .mutation(async ({ ctx, input }) => {
      const course = await findCourse(ctx, input.courseId);
      const membership = await ctx.em.findOne(Membership, { organization: ctx.organization.id, user: input.userId });
      if (!membership) throw fail.notFound(TRAINING_MESSAGES.memberNotFound);
      await ctx.em.nativeDelete(Assignment, { course: course.id, membership: membership.id });
      return { success: true as const };
    }),
});
