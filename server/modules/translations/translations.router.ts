import { contentSaveProcedure } from "#server/modules/courses/index.js";
import { router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { courseStructureInput } from "#shared/schemas/courses.js";
import {
  lessonTranslationsInput,
  saveCourseTranslationInput,
  saveLessonTranslationInput,
} from "#shared/schemas/translations.js";
import { courseTranslationList, lessonTranslationList } from "./translation-reads.js";
import { saveCourseTranslation, saveLessonTranslation } from "./translation-writes.js";

/**
 * Translated content (docs/decisions/0410-translations-as-versions.md): those who may edit a course write
 * and list its translations; learners read them through lessons/get and courses/get with a language.
 * Another organization's lesson or course is "not found".
 */
const editProcedure = permittedProcedure("courses.edit");

/** Under lessons/translations/* (server/router.ts nests it in the lessons area). */
export const lessonTranslationsRouter = router({
  /** Replaces the lesson's translation into the language; its content is sanitized like the lesson's. */
  save: contentSaveProcedure(saveLessonTranslationInput)
    .meta({ rest: { method: "POST", path: "/lessons/translations/save" } })
    .mutation(({ ctx, input }) => saveLessonTranslation(ctx, input, ctx.content ?? null)),

  list: editProcedure
    .meta({ rest: { method: "GET", path: "/lessons/translations/list" } })
    .input(lessonTranslationsInput)
    .query(({ ctx, input }) => lessonTranslationList(ctx, input.lessonId)),
});

/** Under courses/translations/*. */
export const courseTranslationsRouter = router({
  save: editProcedure
    .meta({ rest: { method: "POST", path: "/courses/translations/save" } })
    .input(saveCourseTranslationInput)
    .mutation(({ ctx, input }) => saveCourseTranslation(ctx, input)),

  list: editProcedure
    .meta({ rest: { method: "GET", path: "/courses/translations/list" } })
    .input(courseStructureInput)
    .query(({ ctx, input }) => courseTranslationList(ctx, input.courseId)),
});
