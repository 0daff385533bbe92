import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { CourseView, LessonView, ModuleOutlineView, ModuleView } from "../../../server/course-views.js";
import type { Role } from "../../../shared/roles.js";
import type { TestApp } from "./app.js";
import type { ApiClient, ApiResponse } from "./client.js";
import { errorOf, newCredentials, registerUser } from "./fixtures.js";

/**
 * People, organizations and course content for the course-area API tests, made through the documented
 * REST paths only: registration, organization creation, and the team invitation flow for members.
 */

export interface Member {
  api: ApiClient;
  userId: number;
  role: Role;
}

export interface Organization {
  id: number;
  slug: string;
  admin: Member;
}

/** The body of a successful call, typed as the caller says; any other status fails the test. */
export function ok<T>(response: ApiResponse): T {
  expect(response.status, response.text).toBe(200);
  return response.body as T;
}

/** The status and the error text of a refused call, for one `toEqual`. */
export function refusal(response: ApiResponse): { status: number; error: string } {
  return { status: response.status, error: errorOf(response) };
}

/** A new person who creates a new organization and is its admin. */
export async function newOrganization(app: TestApp, label = "org"): Promise<Organization> {
  const api = app.newAgent();
  await registerUser(api, newCredentials(`${label}-admin`));
  const slug = `${label}-${randomBytes(4).toString("hex")}`;
  const created = ok<{ id: number; slug: string }>(await api.post("/_api/orgs/create", { name: `Org ${slug}`, slug }));
  const me = ok<{ id: number }>(await api.get("/_api/auth/me"));
  return { id: created.id, slug: created.slug, admin: { api, userId: me.id, role: "admin" } };
}

/** A new person invited by the organization's admin with `role`, who accepts and is then signed in there. */
export async function addMember(app: TestApp, org: Organization, role: Role): Promise<Member> {
  const who = newCredentials(role);
  const invite = ok<{ inviteLink: string }>(
    await org.admin.api.post("/_api/team/invite", { name: who.name, email: who.email, role, tagIds: [] }),
  );
  const token = new URL(invite.inviteLink).searchParams.get("token");
  const api = app.newAgent();
  await registerUser(api, who);
  ok(await api.post("/_api/team/accept-invite", { token }));
  const me = ok<{ id: number; currentOrgId: number }>(await api.get("/_api/auth/me"));
  expect(me.currentOrgId).toBe(org.id);
  return { api, userId: me.id, role };
}

/** Every role of the organization, each a separate signed-in person. */
export async function staffedOrganization(app: TestApp, label = "org") {
  const org = await newOrganization(app, label);
  const [manager, teacher, learner, user] = await Promise.all([
    addMember(app, org, "manager"),
    addMember(app, org, "teacher"),
    addMember(app, org, "learner"),
    addMember(app, org, "user"),
  ]);
  return { org, admin: org.admin, manager, teacher, learner, user };
}

export async function createCourse(
  api: ApiClient,
  input: { title?: string; description?: string | null; status?: "draft" | "published"; tagIds?: number[] } = {},
): Promise<CourseView> {
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
