import { Assignment, type CourseContext, findCourse } from "#server/modules/courses/index.js";
import { Membership } from "#server/modules/organizations/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { TRAINING_MESSAGES } from "#shared/schemas/training.js";

/**
 * Named assignments (docs/SPEC.md §7): a course for these people whatever their tags. A course or person of
 * another organization is "not found" and nothing changes.
 */

type AssignmentContext = CourseContext & OrganizationScope & { user: { id: number } };

/** The course's named people, with their accounts: one query after the course is found. */
export async function courseAssignments(ctx: AssignmentContext, courseId: number): Promise<Assignment[]> {
  const course = await findCourse(ctx, courseId);
  return ctx.em.find(Assignment, { course: course.id }, { populate: ["membership.user"] });
}

/** An assignment made or removed, in the evidence log (docs/decisions/0300-evidence-log.md). */
function assignmentEvent(
  ctx: AssignmentContext,
  kind: "assignment.made" | "assignment.removed",
  course: { id: number; title: string },
  userId: number,
): Promise<void> {
  return recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind,
    occurredAt: new Date(),
    actorId: ctx.user.id,
    subjectUserId: userId,
    courseId: course.id,
    facts: { courseTitle: course.title },
  });
}

/** Adds people; someone already named keeps their first assignment (and so their deadline). Then the list, read again. */
export async function assignMembers(
  ctx: AssignmentContext,
  courseId: number,
  userIds: readonly number[],
): Promise<Assignment[]> {
  const course = await findCourse(ctx, courseId);
  const memberships = await ctx.em.find(Membership, {
    organization: ctx.organization.id,
    user: { $in: [...userIds] },
  });
  if (memberships.length !== userIds.length) throw fail.notFound(TRAINING_MESSAGES.memberNotFound);
  const existing = await ctx.em.find(Assignment, { course: course.id }, { fields: ["membership"] });
  const named = new Set(existing.map((row) => row.membership.id));
  const added = memberships.filter((membership) => !named.has(membership.id));
  for (const membership of added) createOwned(ctx, Assignment, { course, membership });
  await ctx.em.flush();
  for (const membership of added) await assignmentEvent(ctx, "assignment.made", course, membership.user.id);
  return ctx.em.find(Assignment, { course: course.id }, { populate: ["membership.user"] });
}

/** Takes one person off the course's named people. */
export async function unassignMember(ctx: AssignmentContext, courseId: number, userId: number): Promise<void> {
  const course = await findCourse(ctx, courseId);
  const membership = await ctx.em.findOne(Membership, { organization: ctx.organization.id, user: userId });
  if (!membership) throw fail.notFound(TRAINING_MESSAGES.memberNotFound);
  const removed = await ctx.em.nativeDelete(Assignment, { course: course.id, membership: membership.id });
  if (removed > 0) await assignmentEvent(ctx, "assignment.removed", course, userId);
}
