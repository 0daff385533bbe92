import type { EntityManager } from "@mikro-orm/core";
import type { z } from "zod";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { Tag } from "#server/modules/tags/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { fail } from "#server/platform/http/errors.js";
import { COURSE_MESSAGES, type createCourseInput, type updateCourseInput } from "#shared/schemas/courses.js";
import { type CourseWriteScope, contentWritten, courseCopied } from "./content-hooks.js";
import { Course, CourseTag } from "./course.entity.js";
import { type CourseContext, findCourse, lockCourse } from "./course-access.js";
import { duplicateCourse } from "./course-copy.js";
import { type CoursesForViewer, courseForViewer } from "./course-views.data.js";
import { type TaggedCourse, taggedCourseById } from "./courses.data.js";
import { applyCertificationFields, applyDueFields } from "./courses.rules.js";
import { assertCurrentVersion, countVersion, setChangedFields } from "./versions.rules.js";

/**
 * The course writes (courses/create, update, duplicate, delete): each in the mutation's transaction, and
 * each answers with the course read back as the course views read it.
 */

/** What a course write is given by the procedure builders. */
type CourseWriteContext = CourseContext & CourseWriteScope & { membership: MembershipRecord };

/** A course just written, read back as the course views read it (its flushed row and tags). */
async function writtenCourse(scope: OrganizationScope, courseId: number): Promise<TaggedCourse> {
  const course = await taggedCourseById(scope.em, courseId);
  if (!course) throw new Error(`Course ${courseId} was written but cannot be read back`);
  return course;
}

/** The tags a course form names, all of this organization (the tenant filter hides any other's). */
async function tagsNamed(em: EntityManager, tagIds: number[]): Promise<Tag[]> {
  if (tagIds.length === 0) return [];
  const tags = await em.find(Tag, { id: { $in: tagIds } });
  if (tags.length !== tagIds.length) throw fail.notFound(COURSE_MESSAGES.tagNotFound);
  return tags;
}

/** Gives the course exactly these tags; true when that changed its set. */
async function replaceCourseTags(scope: OrganizationScope, course: Course, tagIds: number[]): Promise<boolean> {
  const wanted = await tagsNamed(scope.em, tagIds);
  const wantedIds = new Set(wanted.map((tag) => tag.id));
  const links = await scope.em.find(CourseTag, { course: course.id });
  const kept = new Set<number>();
  for (const link of links) {
    if (wantedIds.has(link.tag.id)) kept.add(link.tag.id);
    else scope.em.remove(link);
  }
  const added = wanted.filter((tag) => !kept.has(tag.id));
  for (const tag of added) createOwned(scope, CourseTag, { course, tag });
  return added.length > 0 || kept.size < links.length;
}

/** Publishing a course, or taking it back to draft, is a training event (docs/decisions/0300-evidence-log.md). */
async function statusEvent(ctx: CourseWriteContext, course: Course, before: Course["status"]): Promise<void> {
  if (course.status === before) return;
  await recordTrainingEvent(ctx, {
    organizationId: ctx.organization.id,
    kind: course.status === "published" ? "course.published" : "course.unpublished",
    occurredAt: new Date(),
    actorId: ctx.user.id,
    courseId: course.id,
    facts: { courseTitle: course.title, version: course.version },
  });
}

export async function createCourse(
  ctx: CourseWriteContext,
  input: z.output<typeof createCourseInput>,
): Promise<CoursesForViewer> {
  const tags = await tagsNamed(ctx.em, input.tagIds);
  const course = createOwned(ctx, Course, {
    title: input.title,
    description: input.description ?? null,
    status: input.status,
  });
  applyDueFields(course, input);
  applyCertificationFields(course, input.certification);
  for (const tag of tags) createOwned(ctx, CourseTag, { course, tag });
  await ctx.em.flush();
  await statusEvent(ctx, course, "draft");
  await contentWritten(ctx, { courseIds: [course.id] });
  return courseForViewer(ctx.em, await writtenCourse(ctx, course.id), ctx.membership);
}

export async function updateCourse(
  ctx: CourseWriteContext,
  input: z.output<typeof updateCourseInput>,
): Promise<CoursesForViewer> {
  const course = await lockCourse(ctx, input.id);
  assertCurrentVersion(course, input.version, COURSE_MESSAGES.courseChanged);
  const statusBefore = course.status;
  const fieldsChanged = setChangedFields(course, {
    title: input.title,
    description: input.description,
    status: input.status,
  });
  const dueChanged = applyDueFields(course, input);
  const certificationChanged = applyCertificationFields(course, input.certification);
  const tagsChanged = input.tagIds !== undefined && (await replaceCourseTags(ctx, course, input.tagIds));
  countVersion(course, fieldsChanged || dueChanged || certificationChanged || tagsChanged);
  await ctx.em.flush();
  await statusEvent(ctx, course, statusBefore);
  await contentWritten(ctx, { courseIds: [course.id] });
  return courseForViewer(ctx.em, await writtenCourse(ctx, course.id), ctx.membership);
}

/** A draft "<title> (copy)" with copies of its tags, modules, lessons and images (course-copy.ts). */
export async function copyCourse(ctx: CourseWriteContext, id: number): Promise<CoursesForViewer> {
  // Locked as for a reorder: the copy is of one state of the course, never half of a move.
  const source = await lockCourse(ctx, id);
  const copy = await duplicateCourse(ctx, source);
  await courseCopied(ctx, copy);
  return courseForViewer(ctx.em, await writtenCourse(ctx, copy.id), ctx.membership);
}

/** The database cascades to its tags, modules, lessons, images and their completions. */
export async function deleteCourse(ctx: CourseContext, id: number): Promise<{ message: string }> {
  const course = await findCourse(ctx, id);
  await ctx.em.nativeDelete(Course, { id: course.id });
  return { message: "Course deleted." };
}
