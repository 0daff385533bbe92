import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import superjson from "superjson";
import { expect } from "vitest";
import { type Role, roleLabel } from "../../../shared/roles.js";

/**
 * What a browser test needs in place before its screen is opened, made through the documented REST
 * paths in a page's own browser profile: a call made with `page.request` carries that profile's
 * cookies, so registering through it leaves the page signed in as that person. Going through the API
 * keeps a fixture from holding a state the product itself could not reach, and is far quicker than
 * clicking through the forms that other tests already cover.
 */

export interface Person {
  name: string;
  email: string;
  password: string;
}

export interface OrgRef {
  id: number;
  name: string;
  slug: string;
}

const uid = () => randomBytes(4).toString("hex");

/** A person no other test uses: "Admin 1a2b3c4d", admin.1a2b3c4d@example.com. */
export function newPerson(label = "Person"): Person {
  const id = uid();
  return { name: `${label} ${id}`, email: `${label.toLowerCase()}.${id}@example.com`, password: `${label}-${id}-pw` };
}

/** A REST call's value; fails the test unless the answer is 200. Bodies are superjson-encoded. */
async function call<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response = method === "GET" ? await page.request.get(path) : await page.request.post(path, { data });
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBe(200);
  return superjson.deserialize<T>(JSON.parse(text));
}

/** GET `path` (`/_api/…`, query included) as the page's signed-in person. */
export function apiGet<T>(page: Page, path: string): Promise<T> {
  return call<T>(page, "GET", path);
}

/** POST `data` to `path` (`/_api/…`) as the page's signed-in person. */
export function apiPost<T = unknown>(page: Page, path: string, data: unknown): Promise<T> {
  return call<T>(page, "POST", path, data);
}

/** Registers `person`; the page's profile is then signed in as them, in no organization. */
export async function registerViaApi(page: Page, person: Person = newPerson()): Promise<Person> {
  await apiPost(page, "/_api/auth/register", person);
  return person;
}

/** The page's person creates an organization, becoming its admin with it as current. */
export async function createOrgViaApi(page: Page, input: { name?: string; slug?: string } = {}): Promise<OrgRef> {
  const id = uid();
  const created = await apiPost<OrgRef>(page, "/_api/orgs/create", {
    name: input.name ?? `Bistro ${id}`,
    slug: input.slug ?? `bistro-${id}`,
  });
  return { id: created.id, name: created.name, slug: created.slug };
}

/** A new admin ("Admin …"), signed in in `page`, with a new organization of their own. */
export async function adminWithOrg(
  page: Page,
  org: { name?: string; slug?: string } = {},
): Promise<{ admin: Person; org: OrgRef }> {
  const admin = await registerViaApi(page, newPerson("Admin"));
  return { admin, org: await createOrgViaApi(page, org) };
}

/** A department of the current organization with one role per name, in that order. */
export async function departmentWithRoles(
  page: Page,
  department: { name: string; color?: string },
  roles: readonly string[],
): Promise<{ id: number; roleIds: number[] }> {
  const { id } = await apiPost<{ id: number }>(page, "/_api/tags/create", { ...department, type: "department" });
  const roleIds: number[] = [];
  for (const name of roles) {
    roleIds.push((await apiPost<{ id: number }>(page, "/_api/tags/create", { name, type: "role", parentId: id })).id);
  }
  return { id, roleIds };
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
  const { inviteLink } = await apiPost<{ inviteLink: string }>(adminPage, "/_api/team/invite", {
    name: invitee.name,
    email: invitee.email,
    role: options.role ?? "user",
    tagIds: options.tagIds ?? [],
  });
  const url = new URL(inviteLink);
  return `${url.pathname}${url.search}`;
}

/** The token of an invite link, whole or path and query only. */
export function tokenOf(link: string): string {
  // The base only lets a path-only link parse; the token is in the query either way.
  const token = new URL(link, "http://localhost").searchParams.get("token");
  expect(token, link).toBeTruthy();
  return String(token);
}

/** The page's signed-in person accepts the invitation behind `link`. */
export async function acceptInviteViaApi(page: Page, link: string): Promise<void> {
  await apiPost(page, "/_api/team/accept-invite", { token: tokenOf(link) });
}

/**
 * A new person joins the admin's organization with `role` (and tags) through the invitation flow:
 * invited by the admin of `adminPage`, registered and signed in in `memberPage`, invitation accepted.
 */
export async function inviteAndJoin(
  adminPage: Page,
  memberPage: Page,
  role: Role,
  tagIds: number[] = [],
): Promise<Person> {
  const member = newPerson(roleLabel(role));
  const link = await inviteViaApi(adminPage, member, { role, tagIds });
  await registerViaApi(memberPage, member);
  await acceptInviteViaApi(memberPage, link);
  return member;
}
