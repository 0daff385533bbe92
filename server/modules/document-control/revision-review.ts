import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { lockCourse } from "#server/modules/courses/index.js";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { managedUser } from "#server/modules/identity/index.js";
import { storedUserAgent } from "#server/modules/signoff/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { fail } from "#server/platform/http/errors.js";
import { type approveRevisionInput, REVISION_MESSAGES, type rejectRevisionInput } from "#shared/schemas/revisions.js";
import { namesMatch } from "#shared/schemas/signoffs.js";
import { CourseRevision } from "./revision.entity.js";
import { liveLessons } from "./revision-drafts.js";
import { type PublishScope, publishRevision, revisionChanges } from "./revision-publishing.js";
import { classifiedChanges, courseContentHash, textOf } from "./revisions.rules.js";

/**
 * The review of a submitted revision (docs/decisions/0391-approval-of-revisions.md): an approver other
 * than its submitter approves it, typing their name, which is recorded like a signature, and it is
 * published; or sends it back to the draft with a comment.
 */
type ReviewScope = PublishScope & { membership: MembershipRecord; req: FastifyRequest };

/** The revision in review, its course locked first (decision 0253's order), read again after the lock. */
async function revisionInReview(ctx: ReviewScope, revisionId: number) {
  const found = await ctx.em.findOne(CourseRevision, { id: revisionId });
  if (!found?.course) throw fail.notFound(REVISION_MESSAGES.revisionNotFound);
  const course = await lockCourse(ctx, found.course.id);
  const revision = await ctx.em.findOne(CourseRevision, { id: revisionId }, { refresh: true });
  if (!revision) throw fail.notFound(REVISION_MESSAGES.revisionNotFound);
  if (revision.state !== "in_review") throw fail.conflict(REVISION_MESSAGES.notInReview);
  return { course, revision };
}

export async function approveRevision(
  ctx: ReviewScope,
  input: z.output<typeof approveRevisionInput>,
): Promise<CourseRevision> {
  const { course, revision } = await revisionInReview(ctx, input.revisionId);
  if (revision.submittedBy?.id === ctx.user.id) throw fail.forbidden(REVISION_MESSAGES.ownRevision);
  const names = [ctx.user.name, ctx.membership.displayName].filter((name) => name != null);
  if (!names.some((name) => namesMatch(input.fullName, name))) throw fail.badRequest(REVISION_MESSAGES.nameMismatch);
  const changed = await revisionChanges(ctx, course.id, revision);
  if (changed.length === 0) throw fail.badRequest(REVISION_MESSAGES.noDraft);
  const approvedAt = new Date();
  revision.approvedBy = managedUser(ctx.em, ctx.user);
  revision.approvedName = input.fullName;
  revision.approvedAt = approvedAt;
  revision.approvedAddress = ctx.req.ip;
  revision.approvedDevice = storedUserAgent(ctx.req.headers["user-agent"]);
  // The text approved: the course's lessons with the revision's changes in place, as it will be published.
  const lessons = await liveLessons(ctx.em, course.id);
  revision.approvedHash = courseContentHash(
    lessons.map((lesson) => ({ id: lesson.id, ...textOf(revision.lessons[lesson.id] ?? lesson) })),
  );
  await recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind: "revision.approved",
    occurredAt: approvedAt,
    actorId: ctx.user.id,
    subjectUserId: revision.submittedBy?.id ?? null,
    courseId: course.id,
    facts: {
      courseTitle: course.title,
      reason: revision.reason,
      approvedName: input.fullName,
      contentHash: revision.approvedHash,
    },
  });
  const changes = classifiedChanges(
    changed,
    revision.changes.filter((change) => change.material),
  );
  return publishRevision(ctx, course, revision, changed, changes, revision.reason ?? "");
}

/** Back to the draft with the approver's comment; its author edits on and submits again. */
export async function rejectRevision(
  ctx: ReviewScope,
  input: z.output<typeof rejectRevisionInput>,
): Promise<CourseRevision> {
  const { revision } = await revisionInReview(ctx, input.revisionId);
  revision.state = "draft";
  revision.reviewComment = input.comment;
  revision.reviewedByName = ctx.user.name;
  await ctx.em.flush();
  return revision;
}
