import { inTransaction, router } from "#server/platform/api/trpc.js";
import { memberProcedure, permittedBeforeTransaction, permittedProcedure } from "#server/platform/api/trpc-org.js";
import {
  SCORM_MESSAGES,
  SCORM_ZIP_MAX_BYTES,
  SCORM_ZIP_TYPES,
  scormCommitInput,
  scormLessonInput,
  uploadScormInput,
} from "#shared/schemas/scorm.js";
import { packageStorageAnswer, packageStorageView } from "./package-storage.js";
import { readPackage, storePackage } from "./package-upload.js";
import { commitScorm, launchScorm } from "./scorm-play.js";

/**
 * SCORM lessons (docs/decisions/0330-scorm-packages-in-the-database.md). The upload carries the ZIP's bytes,
 * not superjson (`rawBody`, server/platform/api/trpc.ts RestEndpoint), at most SCORM_ZIP_MAX_BYTES on this
 * route alone; who may upload is who may edit the course (docs/DESIGN.md §6).
 */
export const scormRouter = router({
  /** The package's version, title and SCO count. The ZIP is read before the write's transaction begins. */
  upload: permittedBeforeTransaction("courses.edit")
    .meta({
      rest: {
        method: "POST",
        path: "/scorm/upload",
        rawBody: {
          types: SCORM_ZIP_TYPES,
          maxBytes: SCORM_ZIP_MAX_BYTES,
          refused: SCORM_MESSAGES.typeRefused,
          tooLarge: SCORM_MESSAGES.tooLarge,
        },
      },
    })
    .input(uploadScormInput)
    .use(({ input, next }) => next({ ctx: { unpacked: readPackage(input.bytes) } }))
    .use(inTransaction)
    .mutation(({ ctx, input }) => storePackage(ctx, input.lessonId, ctx.unpacked)),

  /** The organization's packages against its storage limit, shown where packages are uploaded (decision 0362). */
  storage: permittedProcedure("courses.edit")
    .meta({ rest: { method: "GET", path: "/scorm/storage" }, answer: packageStorageAnswer })
    .query(({ ctx }) => packageStorageView(ctx)),

  /** The SCOs of a lesson's package for the lesson page: each frame's address and what it resumes from. */
  launch: memberProcedure
    .meta({ rest: { method: "GET", path: "/scorm/launch" } })
    .input(scormLessonInput)
    .query(({ ctx, input }) => launchScorm(ctx, input.lessonId)),

  /** The runtime's commits (scorm-again's lmsCommitUrl, and its beacon on unload): kept per learner and SCO. */
  commit: memberProcedure
    .meta({ rest: { method: "POST", path: "/scorm/commit" } })
    .input(scormCommitInput)
    .mutation(({ ctx, input }) => commitScorm(ctx, input)),
});
