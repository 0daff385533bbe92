import type { EntityManager } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { type MembershipRecord, managedUser, type SignedInUser, type User } from "#server/modules/identity/index.js";
import {
  lockedAdmins,
  type MemberRecord,
  type MemberRow,
  type Membership,
  managedMembership,
  memberRows,
  membershipToChange,
} from "#server/modules/organizations/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { inScope, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import type { FormerFilter } from "#shared/schemas/team-admin.js";
import { TEAM_ADMIN_MESSAGES } from "#shared/schemas/team-admin.js";
import { FormerMember } from "./former-member.entity.js";
import { memberName } from "./team.presenter.js";
import { assertMayRemove } from "./team.rules.js";

/**
 * People leaving an organization (decision 0120): the membership row is deleted, so every access
 * check, which reads memberships, refuses them from their very next request; their tags and named
 * assignments go with it. Their completions (and whatever else they did there) are kept, by user, and a
 * FormerMember row keeps how the organization knew them, for the team page and the reports.
 */
async function depart(
  em: EntityManager,
  membership: Membership,
  reason: FormerMember["reason"],
  removedBy: User | null,
): Promise<void> {
  const { organization, user } = membership;
  await em.nativeDelete(FormerMember, { organization: organization.id, user: user.id });
  em.create(FormerMember, {
    organization,
    user,
    name: memberName(membership),
    role: membership.role,
    reason,
    removedBy,
  });
  em.remove(membership);
  await em.flush();
  await recordTrainingEvent(
    { em },
    {
      organizationId: organization.id,
      kind: "member.removed",
      occurredAt: new Date(),
      actorId: removedBy?.id ?? user.id,
      subjectUserId: user.id,
      facts: { reason, role: membership.role },
    },
  );
}

/**
 * Refuses a departure that would leave the organization without an admin, with `message`. `actor`, when
 * someone else removes an admin, must still be one once the admin rows are locked (not stepped down meanwhile).
 */
async function assertAnotherAdminRemains(
  em: EntityManager,
  config: Config,
  leaving: MembershipRecord,
  message: string,
  actor?: MembershipRecord,
): Promise<void> {
  if (leaving.role !== "admin") return;
  const admins = await lockedAdmins(em, config, leaving.organization.id);
  if (actor && !admins.some((admin) => admin.id === actor.id)) throw fail.forbidden(TEAM_ADMIN_MESSAGES.removeAdmin);
  if (!admins.some((admin) => admin.id === leaving.id)) return;
  if (admins.length <= 1) throw fail.conflict(message);
}

/** A person joining again is a member, no longer a former one. */
export async function forgetDeparture(em: EntityManager, organizationId: number, userId: number): Promise<void> {
  await em.nativeDelete(FormerMember, { organization: organizationId, user: userId });
}

/**
 * The organization's former members (`userId`: only that one) as the reports list their rows, in one query.
 * Their membership ids are negative, so that no lookup by membership (tags, assignments) finds theirs.
 */
async function formerMemberRows(em: SqlEntityManager, userId?: number): Promise<MemberRow[]> {
  const rows = await readRows<MemberRecord & { departed_at: unknown }>(
    em,
    `select fm.id, fm.user_id, fm.name, u.email, fm.role, fm.departed_at
     from former_members fm join users u on u.id = fm.user_id
     where ${inScope("fm")}${userId === undefined ? "" : " and fm.user_id = ?"}`,
    userId === undefined ? [] : [userId],
  );
  return rows.map((row) => ({
    membershipId: -Number(row.id),
    userId: Number(row.user_id),
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: dateFromRow(row.departed_at) ?? new Date(0),
    former: true,
  }));
}

/** The report's rows for a `former` filter: the members, the former members, or both. */
export async function reportRows(em: SqlEntityManager, former: FormerFilter, userId?: number): Promise<MemberRow[]> {
  const current = former === "only" ? [] : await memberRows(em, userId);
  const gone = former === "exclude" ? [] : await formerMemberRows(em, userId);
  return [...current, ...gone];
}

/** What removing a member or leaving is given by the procedure builders. */
interface DepartureContext {
  em: SqlEntityManager;
  config: Config;
  user: SignedInUser;
  membership: MembershipRecord;
  organization: { id: number; name: string };
  role: Role;
}

/** team/remove-member: never oneself, never an admin by a manager, never the last admin. */
export async function removeMember(ctx: DepartureContext, userId: number): Promise<{ message: string }> {
  const target = await membershipToChange(ctx.em, userId, ctx.organization.id);
  if (!target) throw fail.notFound(TEAM_MESSAGES.memberNotFound);
  assertMayRemove({ userId: ctx.user.id, role: ctx.role }, { userId: target.user.id, role: target.role });
  await assertAnotherAdminRemains(ctx.em, ctx.config, target, TEAM_MESSAGES.lastAdmin, ctx.membership);
  const name = memberName(target);
  await depart(ctx.em, target, "removed", managedUser(ctx.em, ctx.user));
  return { message: `${name} was removed from the organization.` };
}

/** orgs/leave (docs/SPEC.md §7): anyone leaves an organization, except its last admin. */
export async function leaveOrganization(ctx: DepartureContext): Promise<{ message: string }> {
  await assertAnotherAdminRemains(ctx.em, ctx.config, ctx.membership, TEAM_ADMIN_MESSAGES.lastAdminLeave);
  const { name } = ctx.organization;
  // Registered first, so that the membership's user is this loaded entity: the departure keeps their name.
  const user = managedUser(ctx.em, ctx.user);
  await depart(ctx.em, managedMembership(ctx.em, ctx.membership), "left", null);
  // The person chose to go: the organization is no longer where they land.
  if (ctx.user.currentOrganization?.id === ctx.organization.id) user.currentOrganization = null;
  return { message: `You left ${name}.` };
}
