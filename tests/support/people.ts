import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { OrganizationRef } from "#server/modules/organizations/orgs.presenter.js";
import type { Role } from "#shared/roles.js";
import { type Agent, ok } from "./agent.js";

/**
 * People, organizations, tags and invitations for API and browser tests alike, made through the
 * documented REST paths only (register → create organization → invite → register invitee → accept), so a
 * fixture never holds a state the product itself could not reach. Each call acts as the signed-in
 * person of the agent it is given (tests/support/agent.ts).
 */

/** Who someone is: what they sign up and sign in with. */
export interface Credentials {
  name: string;
  email: string;
  password: string;
}

export type OrgRef = OrganizationRef;

const uid = () => randomBytes(4).toString("hex");

/** A person no other test has used: "Admin 1a2b3c4d", admin.1a2b3c4d@example.com. */
export function newCredentials(label = "user"): Credentials {
  const id = uid();
  const local = label.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  return { name: `${label} ${id}`, email: `${local}.${id}@example.com`, password: `pw-${id}-long-enough` };
}

/** A slug no other test uses; `label` keeps it readable in failures. */
export function uniqueSlug(label = "org"): string {
  return `${label}-${uid()}`;
}

/** Registers; fails the test unless that worked. The agent is then signed in, in no organization. */
export async function registerUser(agent: Agent, credentials: Credentials = newCredentials()): Promise<Credentials> {
  ok(await agent.post("/_api/auth/register", credentials));
  return credentials;
}

/** The agent's person creates an organization, becoming its admin with it as current. */
export async function createOrganization(agent: Agent, input: { name?: string; slug?: string } = {}): Promise<OrgRef> {
  const slug = input.slug ?? uniqueSlug();
  const created = ok<OrgRef>(await agent.post("/_api/orgs/create", { name: input.name ?? `Org ${slug}`, slug }));
  return { id: created.id, name: created.name, slug: created.slug };
}

/** A department of the agent's current organization with one role per name, in that order. */
export async function departmentWithRoles(
  agent: Agent,
  department: { name: string; color?: string },
  roles: readonly string[],
): Promise<{ id: number; roleIds: number[] }> {
  const { id } = ok<{ id: number }>(await agent.post("/_api/tags/create", { ...department, type: "department" }));
  const roleIds: number[] = [];
  for (const name of roles) {
    roleIds.push(ok<{ id: number }>(await agent.post("/_api/tags/create", { name, type: "role", parentId: id })).id);
  }
  return { id, roleIds };
}

/** The token of an invite link (`…/invite?token=<slug>.<secret>`), whole or path and query only. */
export function tokenOf(inviteLink: string): string {
  // The base only lets a path-only link parse; the token is in the query either way.
  const token = new URL(inviteLink, "http://localhost").searchParams.get("token");
  expect(token, inviteLink).toBeTruthy();
  return String(token);
}

export interface InviteInput {
  name: string;
  email: string;
  role?: Role;
  tagIds?: number[];
}

/** The agent invites someone into their current organization; answers with the link and its token. */
export async function invite(inviter: Agent, input: InviteInput): Promise<{ inviteLink: string; token: string }> {
  const { inviteLink } = ok<{ inviteLink: string }>(await inviter.post("/_api/team/invite", input));
  return { inviteLink, token: tokenOf(inviteLink) };
}

/** The agent's signed-in person accepts the invitation of `token`. */
export async function acceptInvite(agent: Agent, token: string): Promise<void> {
  ok(await agent.post("/_api/team/accept-invite", { token }));
}

/**
 * A new person joins the inviter's current organization with `role` (and tags) through the invitation
 * flow: invited by `inviter`, registered and signed in through `joiner`, invitation accepted, so that
 * organization is then the joiner's current one.
 */
export async function inviteAndJoin(
  inviter: Agent,
  joiner: Agent,
  role: Role,
  options: { tagIds?: number[]; who?: Credentials } = {},
): Promise<Credentials> {
  const who = options.who ?? newCredentials(role);
  const { token } = await invite(inviter, { name: who.name, email: who.email, role, tagIds: options.tagIds ?? [] });
  await registerUser(joiner, who);
  await acceptInvite(joiner, token);
  return who;
}
