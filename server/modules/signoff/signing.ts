import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { type CourseContext, findLesson, findVisibleCourse, lockLesson } from "#server/modules/courses/index.js";
import { type MembershipRecord, managedUser } from "#server/modules/identity/index.js";
import { assertCompletableBySigning, recordCompletion } from "#server/modules/progress/index.js";
import { recordSignedTranslation, translationToSign } from "#server/modules/translations/index.js";
import { actionTime } from "#server/platform/api/action-time.js";
import { rememberAnswer, replayedAnswer } from "#server/platform/api/client-actions.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import { SIGNOFF_MESSAGES, type signLessonInput } from "#shared/schemas/signoffs.js";
import { Signature } from "./signoff.entity.js";
import { presentSignature, type SignatureView } from "./signoff.presenter.js";
import { assertSignable } from "./signoff.rules.js";
import { type SignoffScope, storedUserAgent, versionShownAt } from "./signoffs.js";

/** What signing is given by the procedure builders. */
type SigningContext = CourseContext &
  SignoffScope &
  Parameters<typeof replayedAnswer>[0] &
  Parameters<typeof recordCompletion>[0] & { membership: MembershipRecord; req: FastifyRequest };

/**
 * lessons/sign: refused whole (nothing stored) for an old version, another name or a missing agreement.
 * Signing a version already signed answers with that signature.
 */
export async function signLesson(ctx: SigningContext, input: z.output<typeof signLessonInput>): Promise<SignatureView> {
  const found = await findLesson(ctx, input.lessonId);
  const course = await findVisibleCourse(ctx, found.module.course.id);
  // Locked: a material change saved meanwhile either comes before this check or waits for the signature.
  const lesson = await lockLesson(ctx, input.lessonId);
  // A signature sent again from a device (decision 0140) answers as the first time, whatever changed since.
  const replay = await replayedAnswer<SignatureView>(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonSign);
  if (replay) return replay;
  assertCompletableBySigning(lesson);
  assertSignable(input, lesson.version, [ctx.user.name, ctx.membership.displayName]);
  // In a language: a current translation at the version read, or refused (decision 0411).
  const translation = input.language
    ? await translationToSign(ctx.em, lesson, input.language, input.translationVersion)
    : null;
  const shown = await versionShownAt(ctx.em, lesson.id, lesson.version);
  if (!shown) throw fail.notFound(SIGNOFF_MESSAGES.versionNotFound);
  const existing = await ctx.em.findOne(Signature, {
    user: ctx.user.id,
    lesson: lesson.id,
    version: lesson.version,
  });
  const remember = (answer: SignatureView) =>
    rememberAnswer(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonSign, answer);
  if (existing) return remember(presentSignature(existing, lesson.id));
  const signedAt = actionTime(input.doneAt, [ctx.membership.createdAt, course.createdAt, shown.createdAt]);
  const signature = createOwned(ctx, Signature, {
    user: managedUser(ctx.em, ctx.user),
    lesson,
    lessonVersion: shown,
    version: lesson.version,
    contentHash: shown.contentHash,
    signedName: input.fullName,
    email: ctx.user.email,
    clientAddress: ctx.req.ip,
    userAgent: storedUserAgent(ctx.req.headers["user-agent"]),
    signedAt,
  });
  if (translation) recordSignedTranslation(ctx, signature, translation);
  await ctx.em.flush();
  await recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind: "lesson.signed",
    occurredAt: signedAt,
    actorId: ctx.user.id,
    subjectUserId: ctx.user.id,
    courseId: course.id,
    lessonId: lesson.id,
    facts: {
      signatureId: signature.id,
      lessonTitle: lesson.title,
      version: signature.version,
      contentHash: signature.contentHash,
      signedName: signature.signedName,
      ...(translation ? { language: translation.language, translationVersion: translation.translationVersion } : {}),
    },
  });
  await recordCompletion(ctx, lesson.id, signedAt);
  const view = presentSignature(signature, lesson.id);
  // `contentHash` stays the source's (docs/SPEC.md §7); the translation signed is named beside it.
  const inLanguage = translation && {
    language: translation.language,
    translationVersion: translation.translationVersion,
  };
  return remember(inLanguage ? { ...view, ...inLanguage } : view);
}
