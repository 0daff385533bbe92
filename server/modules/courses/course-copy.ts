import { createOwned } from "#server/platform/db/tenant-scope.js";
import { LIMITS } from "#shared/constants.js";
import { imageUrlOf } from "#shared/schemas/uploads.js";
import { type CourseWriteScope, courseCopying } from "./content-hooks.js";
import { Course, CourseModule, CourseTag, Lesson } from "./course.entity.js";
import { assertStorageRoom } from "./image-storage.js";
import { newImageKey } from "./images.rules.js";
import { CourseImage } from "./upload.entity.js";

/**
 * courses/duplicate (decision 0053): a draft copy of a course with copies of its tags, modules, lessons,
 * knowledge checks, sign-off requirements (with a first version of their own) and images, made inside the mutation's one transaction, so a copy is whole or not
 * there. Lesson content points at the copies of the images, so deleting the original later leaves the
 * copy intact.
 */

const COPY_SUFFIX = " (copy)";

function copyTitleOf(title: string): string {
  return `${title.slice(0, LIMITS.courseTitleMax - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/**
 * Copies the course's images under new keys; answers each old address with its copy's. The copies count
 * towards the organization's storage like uploads: a copy that would not fit is refused whole.
 */
async function copyImages(scope: CourseWriteScope, source: Course, copy: Course): Promise<Map<string, string>> {
  const images = await scope.em.find(
    CourseImage,
    { course: source.id },
    { populate: ["bytes"], orderBy: { id: "asc" } },
  );
  if (images.length > 0)
    await assertStorageRoom(
      scope,
      images.reduce((sum, image) => sum + image.bytes.length, 0),
    );
  const addresses = new Map<string, string>();
  for (const image of images) {
    const key = newImageKey();
    createOwned(scope, CourseImage, {
      course: copy,
      key,
      contentType: image.contentType,
      bytes: image.bytes,
      size: image.bytes.length,
      uploadedBy: image.uploadedBy,
    });
    addresses.set(imageUrlOf(image.key), imageUrlOf(key));
  }
  return addresses;
}

/** Keys are 43 random characters: an address never occurs inside another, so plain replacement is exact. */
function withImageAddresses(content: string | null, addresses: Map<string, string>): string | null {
  if (content === null) return null;
  let rewritten = content;
  for (const [from, to] of addresses) rewritten = rewritten.replaceAll(from, to);
  return rewritten;
}

/** The copy, flushed (it has its id). The caller has locked the source (lockCourse). */
export async function duplicateCourse(scope: CourseWriteScope, source: Course): Promise<Course> {
  const copy = createOwned(scope, Course, {
    title: copyTitleOf(source.title),
    description: source.description,
    status: "draft",
    // Who it is for and by when travel with the tags; named people do not (the copy is a new course).
    required: source.required,
    dueDate: source.dueDate,
    dueDays: source.dueDays,
    certified: source.certified,
    validityMonths: source.validityMonths,
    recertifyDaysBefore: source.recertifyDaysBefore,
  });
  const links = await scope.em.find(CourseTag, { course: source.id }, { orderBy: { id: "asc" } });
  for (const link of links) createOwned(scope, CourseTag, { course: copy, tag: link.tag });

  const addresses = await copyImages(scope, source, copy);
  const modules = await scope.em.find(
    CourseModule,
    { course: source.id },
    { orderBy: { orderIndex: "asc", id: "asc" } },
  );
  const moduleCopies = new Map<number, CourseModule>();
  for (const module of modules) {
    moduleCopies.set(
      module.id,
      createOwned(scope, CourseModule, {
        course: copy,
        title: module.title,
        description: module.description,
        orderIndex: module.orderIndex,
      }),
    );
  }
  const lessons =
    modules.length === 0
      ? []
      : await scope.em.find(
          Lesson,
          { module: { $in: modules.map((module) => module.id) } },
          { orderBy: { orderIndex: "asc", id: "asc" } },
        );
  const lessonCopies = new Map<number, Lesson>();
  for (const lesson of lessons) {
    const module = moduleCopies.get(lesson.module.id);
    if (!module) continue;
    const lessonCopy = createOwned(scope, Lesson, {
      module,
      title: lesson.title,
      content: withImageAddresses(lesson.content, addresses),
      videoUrl: lesson.videoUrl,
      orderIndex: lesson.orderIndex,
      requiresSignoff: lesson.requiresSignoff,
    });
    lessonCopies.set(lesson.id, lessonCopy);
  }
  // Knowledge checks (quizzes) and sign-off versions (signoff) travel with the lessons.
  await courseCopying(scope, source, lessonCopies);
  await scope.em.flush();
  return copy;
}
