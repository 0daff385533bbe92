import type { FilterQuery } from "@mikro-orm/core";
import { expect } from "vitest";
import { Invitation, Membership, Organization, TENANT_ENTITIES, User } from "#server/entities.js";
import type { UserView } from "#server/modules/identity/auth.presenter.js";
import type { Role } from "#shared/roles.js";
import { ok } from "../../support/agent.js";
import {
  type Credentials,
  createOrganization,
  inviteAndJoin,
  newCredentials,
  type OrgRef,
  registerUser,
  uniqueSlug,
} from "../../support/people.js";
import type { TestApp } from "./app.js";
import type { ApiClient, ApiResponse } from "./client.js";
import { errorOf } from "./fixtures.js";

// The shared fixtures (tests/support/) under the names the API tests have always imported from here.
export { ok } from "../../support/agent.js";
export { type InviteInput, invite, type OrgRef, tokenOf, uniqueSlug } from "../../support/people.js";

/**
 * Organizations and their people for the API tests: the shared fixtures of tests/support/people.ts,
 * with each person holding their own ApiClient (browser) and id.
 *
 *   const team = await orgWithMembers(app, { roles: ["manager", "learner"] });
 *   team.admin.api            // the creator, signed in, the organization is current
 *   team.members.manager.api  // one signed-in person per requested role
 *   await joinOrg(app, team, "teacher", { tagIds: [dept.id] })  // one more, with tags
 *
 * The ORM helpers at the end read and change rows directly, for what no endpoint shows (every row an
 * organization left behind) or allows (an invitation that has expired).
 */

/** A signed-in person: their own browser (cookie jar) and who they are. */
export interface Person extends Credentials {
  api: ApiClient;
  id: number;
}

/** A person together with their role in one organization. */
export interface Member extends Person {
  role: Role;
}

export interface OrgTeam<R extends Role = never> {
  org: OrgRef;
  /** The creator of the organization. */
  admin: Member;
  /** One person per role asked for. */
  members: Record<R, Member>;
}

/** The status and error text of a refused call, for one `toEqual` against the expected refusal. */
export function refusal(response: ApiResponse): { status: number; error: string } {
  return { status: response.status, error: errorOf(response) };
}

/** The user as `/_api/auth/me` shows it (docs/SPEC.md §3). */
export type Me = UserView;

export async function me(api: ApiClient): Promise<Me> {
  return ok<Me>(await api.get("/_api/auth/me"));
}

/** A new person, registered and signed in through a browser of their own, in no organization. */
export async function signUp(app: TestApp, label = "user"): Promise<Person> {
  const api = app.newAgent();
  const credentials = await registerUser(api, newCredentials(label));
  return { ...credentials, api, id: (await me(api)).id };
}

/** `person` creates an organization (and so becomes its admin, with it as current). */
export function createOrg(person: Person, input: { name?: string; slug?: string } = {}): Promise<OrgRef> {
  return createOrganization(person.api, input);
}

/**
 * A new person joins `team.org` with `role` through the invitation flow (invited by `by`, the admin by
 * default) and is then signed in with that organization current.
 */
export async function joinOrg(
  app: TestApp,
  team: { org: OrgRef; admin: Member },
  role: Role,
  options: { tagIds?: number[]; by?: Member; label?: string } = {},
): Promise<Member> {
  const api = app.newAgent();
  const who = await inviteAndJoin((options.by ?? team.admin).api, api, role, {
    tagIds: options.tagIds,
    who: newCredentials(options.label ?? role),
  });
  const joined = await me(api);
  expect(joined.currentOrganization).toEqual({ ...team.org, role });
  return { ...who, api, id: joined.id, role };
}

/** A new organization whose creator is its admin, plus one signed-in member for each role in `roles`. */
export async function orgWithMembers<R extends Role = never>(
  app: TestApp,
  options: { roles?: readonly R[]; label?: string; name?: string } = {},
): Promise<OrgTeam<R>> {
  const label = options.label ?? "org";
  const creator = await signUp(app, `${label}-admin`);
  const org = await createOrg(creator, { slug: uniqueSlug(label), name: options.name });
  const admin: Member = { ...creator, role: "admin" };
  const roles = [...new Set(options.roles ?? [])];
  const joined = await Promise.all(
    roles.map((role) => joinOrg(app, { org, admin }, role, { label: `${label}-${role}` })),
  );
  const members = Object.fromEntries(roles.map((role, index) => [role, joined[index]])) as Record<R, Member>;
  return { org, admin, members };
}

/**
 * Every row that belongs to an organization, counted straight from the database: the organization
 * itself, its memberships, the users for whom it is current, and each organization-owned table
 * (TENANT_ENTITIES, so a table added later is counted without changing this helper).
 */
export async function rowsOfOrganization(app: TestApp, organizationId: number): Promise<Record<string, number>> {
  const em = app.orm.em.fork();
  const counts: Record<string, number> = {
    Organization: await em.count(Organization, { id: organizationId }),
    Membership: await em.count(Membership, { organization: organizationId }),
    "User.currentOrganization": await em.count(User, { currentOrganization: organizationId }),
  };
  for (const entity of TENANT_ENTITIES) {
    // The tenant filter is what each request sets; here every organization's rows are counted on purpose.
    const where: FilterQuery<object> = { organization: organizationId };
    counts[entity] = await em.count(entity, where, { filters: false });
  }
  return counts;
}

/** Moves the open invitations of `email` in one organization into the past; fails if there is none. */
export async function expireInvitations(app: TestApp, organizationId: number, email: string): Promise<void> {
  const changed = await app.orm.em
    .fork()
    .nativeUpdate(
      Invitation,
      { organization: organizationId, emailKey: email.trim().toLowerCase(), acceptedAt: null },
      { expiresAt: new Date(Date.now() - 60_000) },
      { filters: false },
    );
  expect(changed, `open invitations of ${email}`).toBeGreaterThan(0);
}

/** The stored invitations of one organization (for checks on what is kept, such as only a hash). */
export async function invitationsOf(app: TestApp, organizationId: number): Promise<Invitation[]> {
  return app.orm.em.fork().find(Invitation, { organization: organizationId }, { filters: false });
}
