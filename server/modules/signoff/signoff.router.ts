import { contentWritten, lockLesson } from "#server/modules/courses/index.js";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { fail } from "#server/platform/http/errors.js";
import {
  lessonSignoffInput,
  lessonVersionInput,
  mySignoffsInput,
  SIGNOFF_MESSAGES,
  signLessonInput,
} from "#shared/schemas/signoffs.js";
import { signLesson } from "./signing.js";
import { LessonVersion } from "./signoff.entity.js";
import { presentLessonSignoff, presentMySignoffs, presentVersion, presentVersionSummary } from "./signoff.presenter.js";
import {
  lessonSignoffRows,
  lessonVersionAndPrevious,
  lessonVersionRows,
  mySignoffRows,
} from "./signoff-standing.data.js";
import { recordLessonVersion } from "./signoffs.js";

/**
 * Sign-off lessons (docs/SPEC.md §7): signing, each member's standing and versions (the sign-off report is
 * the reports module's, server/modules/reports/signoff-report.ts). The version and restore paths are for
 * "signoffs.manage"; a lesson of another organization is "not found".
 */
const manageProcedure = permittedProcedure("signoffs.manage");
const signerProcedure = permittedProcedure("lessons.sign");

/** A restore is material (decision 0102): it puts back a procedure that was replaced. */
const restoredSummary = (version: number) => `Restored version ${version}`;

/** Merged into the lessons router: their REST paths are under /lessons. */
export const signoffLessonProcedures = {
  /** Refused whole (nothing stored) for an old version, another name or a missing agreement. */
  sign: signerProcedure
    .meta({ rest: { method: "POST", path: "/lessons/sign" }, inPerson: true })
    .input(signLessonInput)
    .mutation(({ ctx, input }) => signLesson(ctx, input)),

  /** The caller's standing with one lesson; with the text they signed when a material change outdated it. */
  signoff: signerProcedure
    .meta({ rest: { method: "GET", path: "/lessons/signoff" }, inPerson: true })
    .input(lessonSignoffInput)
    .query(async ({ ctx, input }) => presentLessonSignoff(await lessonSignoffRows(ctx, input.lessonId))),

  versions: manageProcedure
    .meta({ rest: { method: "GET", path: "/lessons/versions" } })
    .input(lessonSignoffInput)
    .query(async ({ ctx, input }) => (await lessonVersionRows(ctx, input.lessonId)).map(presentVersionSummary)),

  version: manageProcedure
    .meta({ rest: { method: "GET", path: "/lessons/version" } })
    .input(lessonVersionInput)
    .query(async ({ ctx, input }) =>
      presentVersion(...(await lessonVersionAndPrevious(ctx, input.lessonId, input.version))),
    ),

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
    .meta({ rest: { method: "GET", path: "/signoffs/mine" }, inPerson: true })
    .input(mySignoffsInput)
    .query(async ({ ctx, input }) => presentMySignoffs(await mySignoffRows(ctx, input.courseId))),
});
