import type { Page } from "playwright-core";
import { type Role, roleLabel } from "#shared/roles.js";
import { type Agent, decodeBody, ok } from "../../support/agent.js";
import {
  acceptInvite,
  type Credentials,
  departmentWithRoles as createDepartmentWithRoles,
  createOrganization,
  invite,
  inviteAndJoin as joinByInvitation,
  newCredentials,
  type OrgRef,
  registerUser,
  tokenOf,
} from "../../support/people.js";

/**
 * What a browser test needs in place before its screen is opened: the shared fixtures of
 * tests/support/people.ts, called through a page's own browser profile. A call made with `page.request`
 * carries that profile's cookies, so registering through it leaves the page signed in as that person.
 * Going through the API is far quicker than clicking through the forms that other tests already cover.
 */

export type { OrgRef };
export { tokenOf };

/** Someone a browser test signs up, in, or invites. */
export type Person = Credentials;

/** The page's browser profile as an agent of the shared fixtures. */
export function pageAgent(page: Page): Agent {
  const answer = async (response: Awaited<ReturnType<Page["request"]["get"]>>) => {
    const text = await response.text();
    return { status: response.status(), body: decodeBody(text), text };
  };
  return {
    get: async (path, query) => answer(await page.request.get(path, { params: query })),
    post: async (path, body) => answer(await page.request.post(path, { data: body })),
  };
}

/** A person no other test uses: "Admin 1a2b3c4d", admin.1a2b3c4d@example.com. */
export function newPerson(label = "Person"): Person {
  return newCredentials(label);
}

/** GET `path` (`/_api/…`, query included) as the page's signed-in person; fails unless 200. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return ok<T>(await pageAgent(page).get(path));
}

/** POST `data` to `path` (`/_api/…`) as the page's signed-in person; fails unless 200. */
export async function apiPost<T = unknown>(page: Page, path: string, data: unknown): Promise<T> {
  return ok<T>(await pageAgent(page).post(path, data));
}

/** Registers `person`; the page's profile is then signed in as them, in no organization. */
export function registerViaApi(page: Page, person: Person = newPerson()): Promise<Person> {
  return registerUser(pageAgent(page), person);
}

/** The page's person creates an organization, becoming its admin with it as current. */
export function createOrgViaApi(page: Page, input: { name?: string; slug?: string } = {}): Promise<OrgRef> {
  return createOrganization(pageAgent(page), input);
}

/** A new admin ("Admin …"), signed in in `page`, with a new organization of their own. */
export async function adminWithOrg(
  page: Page,
  org: { name?: string; slug?: string } = {},
): Promise<{ admin: Person; org: OrgRef }> {
  const admin = await registerViaApi(page, newPerson("Admin"));
  return { admin, org: await createOrgViaApi(page, org) };
}

/**
 * A course of the page's current organization with one module ("Basics") and one lesson, made through the
 * API: what most journeys start from. The course is published unless `status` says otherwise.
 */
export async function courseWithLessonViaApi(
  page: Page,
  course: { title: string; status?: "draft" | "published" },
  lesson: { title: string; content?: string },
): Promise<{ courseId: number; moduleId: number; lessonId: number }> {
  const created = await apiPost<{ id: number }>(page, "/_api/courses/create", { status: "published", ...course });
  const module = await apiPost<{ id: number }>(page, "/_api/modules/create", { courseId: created.id, title: "Basics" });
  const made = await apiPost<{ id: number }>(page, "/_api/lessons/create", { moduleId: module.id, ...lesson });
  return { courseId: created.id, moduleId: module.id, lessonId: made.id };
}

/** A department of the current organization with one role per name, in that order. */
export function departmentWithRoles(
  page: Page,
  department: { name: string; color?: string },
  roles: readonly string[],
): Promise<{ id: number; roleIds: number[] }> {
  return createDepartmentWithRoles(pageAgent(page), department, roles);
}

/**
 * The page's admin invites `invitee` into their current organization; answers with the invite link's
 * path and query, to open in any profile of this server.
 */
export async function inviteViaApi(
  adminPage: Page,
  invitee: { name: string; email: string },
  options: { role?: Role; tagIds?: number[] } = {},
): Promise<string> {
  const { inviteLink } = await invite(pageAgent(adminPage), {
    name: invitee.name,
    email: invitee.email,
    role: options.role ?? "user",
    tagIds: options.tagIds ?? [],
  });
  const url = new URL(inviteLink);
  return `${url.pathname}${url.search}`;
}

/** The page's signed-in person accepts the invitation behind `link`. */
export function acceptInviteViaApi(page: Page, link: string): Promise<void> {
  return acceptInvite(pageAgent(page), tokenOf(link));
}

/**
 * A new person joins the admin's organization with `role` (and tags) through the invitation flow:
 * invited by the admin of `adminPage`, registered and signed in in `memberPage`, invitation accepted.
 */
export function inviteAndJoin(adminPage: Page, memberPage: Page, role: Role, tagIds: number[] = []): Promise<Person> {
  return joinByInvitation(pageAgent(adminPage), pageAgent(memberPage), role, {
    tagIds,
    who: newPerson(roleLabel(role)),
  });
}
