import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { MyTraining, TrainingItem } from "#server/modules/training/training.presenter.js";
import type { CreateCourseInput } from "#shared/schemas/courses.js";
import type { ApiClient } from "./client.js";
import { createCourse, createLesson, createModule } from "./course-fixtures.js";
import { type Member, ok } from "./org-fixtures.js";

/**
 * Training (docs/SPEC.md §7) for the API tests: published courses with lessons, members' tags, "My training".
 * Everything through the documented REST paths.
 */

/** A published course (unless `status` says otherwise) with one module of `lessonCount` lessons. */
export async function courseWithLessons(
  api: ApiClient,
  input: Partial<CreateCourseInput> & { title: string },
  lessonCount = 2,
): Promise<{ course: CourseView; lessons: LessonView[] }> {
  const course = await createCourse(api, { status: "published", ...input });
  const module = await createModule(api, course.id, "Module");
  const lessons: LessonView[] = [];
  for (let index = 0; index < lessonCount; index += 1) {
    lessons.push(await createLesson(api, module.id, { title: `${input.title} ${index + 1}` }));
  }
  return { course, lessons };
}

/** The admin gives `member` exactly these tags (team/update-member, keeping name, e-mail and role). */
export async function setTags(admin: ApiClient, member: Member, tagIds: number[]): Promise<void> {
  ok(
    await admin.post("/_api/team/update-member", {
      userId: member.id,
      name: member.name,
      email: member.email,
      role: member.role,
      tagIds,
    }),
  );
}

export async function myTraining(api: ApiClient): Promise<MyTraining> {
  return ok<MyTraining>(await api.get("/_api/training/mine"));
}

/** The caller's item for a course in "My training", wherever it is; undefined when not theirs. */
export async function myItem(api: ApiClient, courseId: number): Promise<TrainingItem | undefined> {
  const { assigned, optional } = await myTraining(api);
  return [...assigned, ...optional].find((item) => item.courseId === courseId);
}

/** The titles of "My training": required, then optional. */
export async function myTitles(api: ApiClient): Promise<{ assigned: string[]; optional: string[] }> {
  const { assigned, optional } = await myTraining(api);
  return { assigned: assigned.map((item) => item.title), optional: optional.map((item) => item.title) };
}

export async function completeLessons(api: ApiClient, lessons: readonly LessonView[]): Promise<void> {
  for (const lesson of lessons) ok(await api.post("/_api/lessons/complete", { lessonId: lesson.id }));
}
