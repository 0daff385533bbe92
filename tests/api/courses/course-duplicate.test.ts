import { describe, expect, it } from "vitest";
import { Course, CourseImage } from "#server/entities.js";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import type { LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import type { EditorQuizView } from "#server/modules/quizzes/quizzes.presenter.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import type { ApiClient } from "../support/client.js";
import {
  createCourse,
  createLesson,
  createModule,
  pngBytes,
  staffedOrganization,
  structureOf,
  uploadImage,
} from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { answersTo, courseWithCheck, submitOk } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Duplicating a course (decision 0053) copies its modules, lessons, tags and images, and nothing of another course. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "duplicate"));
const stranger = suiteFixture(() => staffedOrganization(app, "duplicate-other"));

async function uploadPng(api: ApiClient, courseId: number, marker: number): Promise<string> {
  return ok<{ url: string }>(await uploadImage(api, courseId, pngBytes(marker))).url;
}

async function lessonContent(api: ApiClient, id: number): Promise<string | null> {
  return ok<LessonPageView>(await api.get("/_api/lessons/get", { id: String(id) })).content;
}

function countOf(entity: typeof Course | typeof CourseImage, organization: number): Promise<number> {
  return app.orm.em.fork().count(entity, { organization }, { filters: false });
}

/** A published, tagged course of two modules, one lesson showing an image, beside another course with its own. */
async function sourceCourse() {
  const api = staff.admin.api;
  const tag = ok<{ id: number }>(
    await api.post("/_api/tags/create", { name: `Dept ${Date.now()}`, type: "department" }),
  );
  const course = await createCourse(api, { title: "Forklift basics", status: "published", tagIds: [tag.id] });
  const other = await createCourse(api, { title: "Another course" });
  const image = await uploadPng(api, course.id, 1);
  const otherImage = await uploadPng(api, other.id, 2);
  const first = await createModule(api, course.id, "Before driving");
  const second = await createModule(api, course.id, "Driving");
  const withImage = await createLesson(api, first.id, {
    title: "Checks",
    content: `<p>Look here:</p><img src="${image}" alt="Panel"><img src="${otherImage}" alt="Elsewhere">`,
    videoUrl: "https://vimeo.com/76979871",
  });
  await createLesson(api, first.id, { title: "Tyres" });
  await createLesson(api, second.id, { title: "Steering" });
  await createLesson(api, (await createModule(api, other.id, "Other module")).id, { title: "Not copied" });
  return { course, tag, image, otherImage, withImage };
}

describe("courses/duplicate", () => {
  it("makes a draft copy with the modules, lessons, tags and images, pointing at the copied images", async () => {
    const { course, tag, image, otherImage, withImage } = await sourceCourse();
    const imagesBefore = await countOf(CourseImage, staff.org.id);
    const copy = ok<CourseView>(await staff.manager.api.post("/_api/courses/duplicate", { id: course.id }));
    expect(copy).toMatchObject({
      title: "Forklift basics (copy)",
      description: course.description,
      status: "draft",
      version: 1,
      tags: [expect.objectContaining({ id: tag.id })],
    });
    expect(copy.id).not.toBe(course.id);

    const outline = (modules: Awaited<ReturnType<typeof structureOf>>) =>
      modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)]);
    const original = await structureOf(staff.admin.api, course.id);
    const copied = await structureOf(staff.admin.api, copy.id);
    expect(outline(copied)).toEqual(outline(original));
    expect(copied.flatMap((module) => module.lessons.map((lesson) => lesson.id))).not.toContain(withImage.id);

    // One image copied: this course's, not the other course's that a lesson also shows.
    expect(await countOf(CourseImage, staff.org.id)).toBe(imagesBefore + 1);
    const copiedLesson = copied[0]?.lessons[0];
    const content = await lessonContent(staff.admin.api, copiedLesson?.id ?? 0);
    const [, copiedImage] = /<img src="([^"]+)" alt="Panel">/.exec(content ?? "") ?? [];
    expect(copiedImage).toMatch(/^\/_api\/uploads\/images\//);
    expect(copiedImage).not.toBe(image);
    expect(content).toBe(withImage.content?.replace(image, copiedImage ?? ""));
    expect(content).toContain(otherImage);
    const page = ok<LessonPageView>(await staff.admin.api.get("/_api/lessons/get", { id: String(copiedLesson?.id) }));
    expect(page.videoUrl).toBe("https://vimeo.com/76979871");

    // The copy stands on its own: deleting the original leaves its images and lessons.
    const before = await staff.learner.api.get(image);
    ok(await staff.admin.api.post("/_api/courses/delete", { id: course.id }));
    const served = await staff.admin.api.get(copiedImage ?? "");
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(before.bytes);
    expect(await lessonContent(staff.admin.api, copiedLesson?.id ?? 0)).toBe(content);
  });

  it("copies the knowledge checks with their answers, and none of the attempts", async () => {
    const api = staff.admin.api;
    const { course, check } = await courseWithCheck(api, { passPercent: 60, maxAttempts: 3, shuffle: true });
    await submitOk(staff.learner.api, check.lessonId, answersTo(check, [0]));
    const copy = ok<CourseView>(await api.post("/_api/courses/duplicate", { id: course.id }));
    const copiedLesson = (await structureOf(api, copy.id))[0]?.lessons.find(
      (lesson) => lesson.title === "Forklift quiz",
    );
    const copied = ok<EditorQuizView>(await api.get("/_api/quizzes/get", { lessonId: String(copiedLesson?.id) }));
    const shape = (view: EditorQuizView) => ({
      passPercent: view.passPercent,
      maxAttempts: view.maxAttempts,
      shuffle: view.shuffle,
      questions: view.questions.map(({ kind, prompt, explanation, options }) => ({
        kind,
        prompt,
        explanation,
        options: options.map(({ text, correct }) => ({ text, correct })),
      })),
    });
    expect(copied.lessonId).toBe(copiedLesson?.id);
    expect(shape(copied)).toEqual(shape(check));
    expect(copied.questions.map((question) => question.id)).not.toContain(check.questions[0]?.id);
    // The learner's failed attempt stays with the original: the copy's check is untried.
    ok(await api.post("/_api/courses/update", { id: copy.id, status: "published" }));
    const result = await submitOk(staff.learner.api, copied.lessonId, answersTo(copied));
    expect(result).toMatchObject({ passed: true, attemptsLeft: 2 });
  });

  it("keeps a long title within the limit", async () => {
    const course = await createCourse(staff.admin.api, { title: "T".repeat(255) });
    const copy = ok<CourseView>(await staff.admin.api.post("/_api/courses/duplicate", { id: course.id }));
    expect(copy.title).toBe(`${"T".repeat(248)} (copy)`);
  });

  it("needs courses.create; a member of another organization gets 'not found' and nothing is made", async () => {
    const { course } = await sourceCourse();
    const courses = await countOf(Course, staff.org.id);
    const images = await countOf(CourseImage, staff.org.id);
    expect((await staff.teacher.api.post("/_api/courses/duplicate", { id: course.id })).status).toBe(403);
    const strangersCourses = await countOf(Course, stranger.org.id);
    expect(refusal(await stranger.admin.api.post("/_api/courses/duplicate", { id: course.id }))).toEqual({
      status: 404,
      error: COURSE_MESSAGES.courseNotFound,
    });
    expect(await countOf(Course, staff.org.id)).toBe(courses);
    expect(await countOf(CourseImage, staff.org.id)).toBe(images);
    expect(await countOf(Course, stranger.org.id)).toBe(strangersCourses);
  });
});
