import { type CourseContext, findLesson, findVisibleCourse, Lesson } from "#server/modules/courses/index.js";
import { fail } from "#server/platform/http/errors.js";
import { SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";
import { LessonVersion, type Signature } from "./signoff.entity.js";
import { latestSignatures, materialVersions, signoffStatusOf, versionShownAt } from "./signoffs.js";

/**
 * The caller's own standing with sign-off lessons (lessons/signoff, signoffs/mine) and a lesson's versions
 * (lessons/versions, lessons/version), read for signoff.presenter.ts: a lesson of another organization, or a
 * draft the caller may not see, is "not found".
 */

type StandingContext = CourseContext & { user: { id: number } };

/** lessons/signoff: the lesson, its latest material version and the caller's latest signature; once outdated, what they signed and what changed since. */
export interface LessonSignoffRows {
  lesson: Lesson;
  material: number;
  signature: Signature | null;
  signedText: LessonVersion | null;
  changes: LessonVersion[];
}

export async function lessonSignoffRows(ctx: StandingContext, lessonId: number): Promise<LessonSignoffRows> {
  const lesson = await findLesson(ctx, lessonId);
  await findVisibleCourse(ctx, lesson.module.course.id);
  const material = (await materialVersions(ctx.em, [lesson.id])).get(lesson.id) ?? 0;
  const signature = (await latestSignatures(ctx.em, ctx.user.id, [lesson.id])).get(lesson.id) ?? null;
  const outdated = signature !== null && signoffStatusOf(material, signature.version) === "outdated";
  const signedText = outdated ? await ctx.em.findOneOrFail(LessonVersion, signature.lessonVersion.id) : null;
  const changes = outdated
    ? await ctx.em.find(
        LessonVersion,
        { lesson: lesson.id, change: "material", version: { $gt: signature.version } },
        { orderBy: { version: "asc", id: "asc" } },
      )
    : [];
  return { lesson, material, signature, signedText, changes };
}

/** signoffs/mine: the sign-off lessons of the published courses (or of one course the caller may see), with their course. */
export interface MySignoffRows {
  lessons: Lesson[];
  /** Per lesson, its latest material version. */
  material: Map<number, number>;
  /** Per lesson, the caller's latest signature. */
  signed: Map<number, Signature>;
}

export async function mySignoffRows(ctx: StandingContext, courseId: number | undefined): Promise<MySignoffRows> {
  const course = courseId === undefined ? null : await findVisibleCourse(ctx, courseId);
  const lessons = await ctx.em.find(
    Lesson,
    { requiresSignoff: true, module: { course: course ? course.id : { status: "published" } } },
    { populate: ["module.course"], orderBy: { module: { orderIndex: "asc" }, orderIndex: "asc" } },
  );
  const ids = lessons.map((lesson) => lesson.id);
  const material = await materialVersions(ctx.em, ids);
  return { lessons, material, signed: await latestSignatures(ctx.em, ctx.user.id, ids) };
}

/** lessons/versions: every version of the lesson, newest first. */
export async function lessonVersionRows(ctx: CourseContext, lessonId: number): Promise<LessonVersion[]> {
  const lesson = await findLesson(ctx, lessonId);
  return ctx.em.find(LessonVersion, { lesson: lesson.id }, { orderBy: { version: "desc", id: "desc" } });
}

/** lessons/version: one version, and the text the lesson showed just before it (none for the first). */
export async function lessonVersionAndPrevious(
  ctx: CourseContext,
  lessonId: number,
  version: number,
): Promise<[LessonVersion, LessonVersion | null]> {
  const lesson = await findLesson(ctx, lessonId);
  const row = await ctx.em.findOne(LessonVersion, { lesson: lesson.id, version });
  if (!row) throw fail.notFound(SIGNOFF_MESSAGES.versionNotFound);
  return [row, await versionShownAt(ctx.em, lesson.id, version - 1)];
}
