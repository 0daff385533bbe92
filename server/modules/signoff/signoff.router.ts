import { contentWritten, findLesson, findVisibleCourse, Lesson, lockLesson } from "#server/modules/courses/index.js";
import { managedUser } from "#server/modules/identity/index.js";
import { assertCompletableBySigning, recordCompletion } from "#server/modules/progress/index.js";
import { actionTime } from "#server/platform/api/action-time.js";
import { rememberAnswer, replayedAnswer } from "#server/platform/api/client-actions.js";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { CLIENT_ACTION_KINDS } from "#shared/schemas/client-actions.js";
import {
  lessonSignoffInput,
  lessonVersionInput,
  mySignoffsInput,
  namesMatch,
  SIGNOFF_MESSAGES,
  signLessonInput,
} from "#shared/schemas/signoffs.js";
import { LessonVersion, Signature } from "./signoff.entity.js";
import {
  type LessonSignoffView,
  type MySignoffView,
  presentSignature,
  presentVersion,
  presentVersionSummary,
  type SignatureView,
} from "./signoff.presenter.js";
import {
  latestSignatures,
  materialVersions,
  recordLessonVersion,
  signoffStatusOf,
  storedUserAgent,
  versionShownAt,
} from "./signoffs.js";

/**
 * Sign-off lessons (docs/SPEC.md §7): signing, each member's standing, versions and the sign-off report. The
 * version and restore paths are for "signoffs.manage"; a lesson of another organization is "not found".
 */
const manageProcedure = permittedProcedure("signoffs.manage");
const signerProcedure = permittedProcedure("lessons.sign");

/** A restore is material (decision 0102): it puts back a procedure that was replaced. */
const restoredSummary = (version: number) => `Restored version ${version}`;

/** Merged into the lessons router: their REST paths are under /lessons. */
export const signoffLessonProcedures = {
  /** Refused whole (nothing stored) for an old version, another name or a missing agreement. */
  sign: signerProcedure
    .meta({ rest: { method: "POST", path: "/lessons/sign" } })
    .input(signLessonInput)
    .mutation(async ({ ctx, input }) => {
      const found = await findLesson(ctx, input.lessonId);
      const course = await findVisibleCourse(ctx, found.module.course.id);
      // Locked: a material change saved meanwhile either comes before this check or waits for the signature.
      const lesson = await lockLesson(ctx, input.lessonId);
      // A signature sent again from a device (decision 0140) answers as the first time, whatever changed since.
      const replay = await replayedAnswer<SignatureView>(ctx, input.clientId, CLIENT_ACTION_KINDS.lessonSign);
      if (replay) return replay;
      assertCompletableBySigning(lesson);
      if (input.version !== lesson.version) throw fail.conflict(SIGNOFF_MESSAGES.staleVersion);
      const accountNames = [ctx.user.name, ctx.membership.displayName].filter((name) => name != null);
      if (!accountNames.some((name) => namesMatch(input.fullName, name)))
        throw fail.badRequest(SIGNOFF_MESSAGES.nameMismatch);
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
      await ctx.em.flush();
      await recordCompletion(ctx, lesson.id, signedAt);
      return remember(presentSignature(signature, lesson.id));
    }),

  /** The caller's standing with one lesson; with the text they signed when a material change outdated it. */
  signoff: signerProcedure
    .meta({ rest: { method: "GET", path: "/lessons/signoff" } })
    .input(lessonSignoffInput)
    .query(async ({ ctx, input }): Promise<LessonSignoffView> => {
      const lesson = await findLesson(ctx, input.lessonId);
      await findVisibleCourse(ctx, lesson.module.course.id);
      const material = (await materialVersions(ctx.em, [lesson.id])).get(lesson.id) ?? 0;
      const signature = (await latestSignatures(ctx.em, ctx.user.id, [lesson.id])).get(lesson.id) ?? null;
      const status = signoffStatusOf(material, signature?.version ?? null);
      const outdated = status === "outdated" && signature !== null;
      const signedText = outdated ? await ctx.em.findOneOrFail(LessonVersion, signature.lessonVersion.id) : null;
      const changes = outdated
        ? await ctx.em.find(
            LessonVersion,
            { lesson: lesson.id, change: "material", version: { $gt: signature.version } },
            { orderBy: { version: "asc", id: "asc" } },
          )
        : [];
      return {
        lessonId: lesson.id,
        requiresSignoff: lesson.requiresSignoff,
        version: lesson.version,
        status,
        signedVersion: signature?.version ?? null,
        signedAt: signature?.signedAt ?? null,
        signedText: signedText && { version: signedText.version, title: signedText.title, content: signedText.content },
        changesSince: changes.map((change) => ({
          version: change.version,
          summary: change.summary,
          createdAt: change.createdAt,
        })),
      };
    }),

  versions: manageProcedure
    .meta({ rest: { method: "GET", path: "/lessons/versions" } })
    .input(lessonSignoffInput)
    .query(async ({ ctx, input }) => {
      const lesson = await findLesson(ctx, input.lessonId);
      const rows = await ctx.em.find(
        LessonVersion,
        { lesson: lesson.id },
        { orderBy: { version: "desc", id: "desc" } },
      );
      return rows.map(presentVersionSummary);
    }),

  version: manageProcedure
    .meta({ rest: { method: "GET", path: "/lessons/version" } })
    .input(lessonVersionInput)
    .query(async ({ ctx, input }) => {
      const lesson = await findLesson(ctx, input.lessonId);
      const row = await ctx.em.findOne(LessonVersion, { lesson: lesson.id, version: input.version });
      if (!row) throw fail.notFound(SIGNOFF_MESSAGES.versionNotFound);
      const previous = await versionShownAt(ctx.em, lesson.id, input.version - 1);
      return presentVersion(row, previous);
    }),

  /** Puts an old version's title and content back as a new, material version. */
  restoreVersion: manageProcedure
    .meta({ rest: { method: "POST", path: "/lessons/restore-version" } })
    .input(lessonVersionInput)
    .mutation(async ({ ctx, input }) => {
      const lesson = await lockLesson(ctx, input.lessonId);
      if (!lesson.requiresSignoff) throw fail.badRequest(SIGNOFF_MESSAGES.notSignoff);
      const row = await ctx.em.findOne(LessonVersion, { lesson: lesson.id, version: input.version });
      if (!row) throw fail.notFound(SIGNOFF_MESSAGES.versionNotFound);
      lesson.title = row.title;
      lesson.content = row.content;
      lesson.version += 1;
      const recorded = await recordLessonVersion(ctx, lesson, {
        change: "material",
        summary: restoredSummary(row.version),
      });
      await ctx.em.flush();
      // The restored text is the lesson's: whatever follows its content (the search index) follows it.
      await contentWritten(ctx, { lessonIds: [lesson.id] });
      return presentVersionSummary(recorded);
    }),
};

/** The caller's own standing across courses: `GET /_api/signoffs/mine`. */
export const signoffsRouter = router({
  /** Every sign-off lesson of the published courses (or of one course the caller may see), as the caller stands. */
  mine: signerProcedure
    .meta({ rest: { method: "GET", path: "/signoffs/mine" } })
    .input(mySignoffsInput)
    .query(async ({ ctx, input }): Promise<MySignoffView[]> => {
      const course = input.courseId === undefined ? null : await findVisibleCourse(ctx, input.courseId);
      const lessons = await ctx.em.find(
        Lesson,
        { requiresSignoff: true, module: { course: course ? course.id : { status: "published" } } },
        { populate: ["module.course"], orderBy: { module: { orderIndex: "asc" }, orderIndex: "asc" } },
      );
      const ids = lessons.map((lesson) => lesson.id);
      const material = await materialVersions(ctx.em, ids);
      const signed = await latestSignatures(ctx.em, ctx.user.id, ids);
      return lessons.map((lesson) => {
        const signedVersion = signed.get(lesson.id)?.version ?? null;
        return {
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          courseId: lesson.module.course.id,
          courseTitle: lesson.module.course.title,
          status: signoffStatusOf(material.get(lesson.id) ?? 0, signedVersion),
          signedVersion,
        };
      });
    }),
});
