import { expect } from "vitest";
import type { CourseView, ModuleOutlineView } from "#server/modules/courses/courses.presenter.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { ModuleView } from "#server/modules/courses/modules.presenter.js";
import type { CreateCourseInput } from "#shared/schemas/courses.js";
import { imageBytes } from "../../support/image-bytes.js";
import type { TestApp } from "./app.js";
import type { ApiClient, ApiResponse } from "./client.js";
import { ok, orgWithMembers } from "./org-fixtures.js";

/**
 * Course content for the course-area API tests, made through the documented REST paths only; the
 * people and organizations behind it come from org-fixtures.
 */

/** The roles besides the admin's, one person each in a staffed organization. */
const STAFF_ROLES = ["manager", "teacher", "learner", "user"] as const;

/** A new organization with every role, each a separate signed-in person, addressed by role. */
export async function staffedOrganization(app: TestApp, label = "org") {
  const { org, admin, members } = await orgWithMembers(app, { label, roles: STAFF_ROLES });
  return { org, admin, ...members };
}

export async function createCourse(api: ApiClient, input: Partial<CreateCourseInput> = {}): Promise<CourseView> {
  return ok<CourseView>(await api.post("/_api/courses/create", { title: "Safety basics", ...input }));
}

export async function createModule(api: ApiClient, courseId: number, title?: string): Promise<ModuleView> {
  return ok<ModuleView>(await api.post("/_api/modules/create", { courseId, ...(title ? { title } : {}) }));
}

export async function createLesson(
  api: ApiClient,
  moduleId: number,
  input: { title?: string; content?: string | null; videoUrl?: string | null } = {},
): Promise<LessonView> {
  return ok<LessonView>(await api.post("/_api/lessons/create", { moduleId, ...input }));
}

export async function structureOf(api: ApiClient, courseId: number): Promise<ModuleOutlineView[]> {
  return ok<ModuleOutlineView[]>(await api.get("/_api/courses/structure", { courseId: String(courseId) }));
}

/** The course's lesson titles by module title: the easiest shape to compare an order with. */
export async function outlineOf(api: ApiClient, courseId: number): Promise<Record<string, string[]>> {
  const modules = await structureOf(api, courseId);
  return Object.fromEntries(modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)]));
}

/** Asserts the stored positions are 0..n-1 for the modules and within every module. */
export function expectDense(modules: ModuleOutlineView[]): void {
  expect(modules.map((module) => module.orderIndex)).toEqual(modules.map((_, index) => index));
  for (const module of modules) {
    expect(module.lessons.map((lesson) => lesson.orderIndex)).toEqual(module.lessons.map((_, index) => index));
  }
}

/**
 * A published course with two modules: "Module A" (A1, A2, A3) and "Module B" (B1, B2). Each lesson
 * title is its own name, so the order is readable in assertions.
 */
export async function sampleCourse(api: ApiClient, status: "draft" | "published" = "published") {
  const course = await createCourse(api, { title: "Forklift operation", status });
  const moduleA = await createModule(api, course.id, "Module A");
  const moduleB = await createModule(api, course.id, "Module B");
  const lessons: Record<string, LessonView> = {};
  for (const title of ["A1", "A2", "A3"]) lessons[title] = await createLesson(api, moduleA.id, { title });
  for (const title of ["B1", "B2"]) lessons[title] = await createLesson(api, moduleB.id, { title });
  return { course, moduleA, moduleB, lessons: lessons as Record<"A1" | "A2" | "A3" | "B1" | "B2", LessonView> };
}

/** The positions a client sends after a drag: the ids in their new order, numbered from 0. */
export function positions(ids: number[]): { id: number; orderIndex: number }[] {
  return ids.map((id, orderIndex) => ({ id, orderIndex }));
}

/** A small PNG: its header (16 × 16 pixels), then `marker` a few times (so that two images differ). */
export function pngBytes(marker = 0): Uint8Array<ArrayBuffer> {
  return imageBytes("png", { marker });
}

/** `POST /_api/uploads/image?courseId=` with the bytes as the body, as the editor sends a file. */
export function uploadImage(
  api: ApiClient,
  courseId: number,
  bytes: Uint8Array<ArrayBuffer>,
  contentType = "image/png",
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return api.post(`/_api/uploads/image?courseId=${courseId}`, undefined, {
    raw: bytes,
    headers: { "content-type": contentType, ...headers },
  });
}
