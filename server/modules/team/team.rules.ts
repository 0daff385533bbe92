import { fail } from "#server/platform/http/errors.js";
import { can, canAssignRole, canRemoveMember } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { TEAM_ADMIN_MESSAGES } from "#shared/schemas/team-admin.js";

/**
 * The team's rules (docs/DESIGN.md §6), on plain values: the caller's data functions load what they need and
 * act on the answer.
 */

/** A role change as the rules see it: who asks, whom it is about, and the role asked for. */
export interface RoleChange {
  actor: { userId: number; role: Role };
  target: { userId: number; role: Role };
  newRole: Role;
}

/**
 * Nobody changes their own role, and managers never touch admin. True when the change takes the admin
 * role from someone: then the organization's admins, locked, decide (assertAdminRoleRemovable).
 */
export function assertRoleChange({ actor, target, newRole }: RoleChange): boolean {
  if (target.role === newRole) return false;
  if (target.userId === actor.userId) throw fail.forbidden(TEAM_MESSAGES.ownRole);
  if (!canAssignRole(actor.role, target.role, newRole)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
  return target.role === "admin";
}

/**
 * Taking the admin role from someone, among the organization's admins (by membership id, read locked):
 * only an admin may, so one who lost the role meanwhile may not; and one admin always remains.
 */
export function assertAdminRoleRemovable(actorMembershipId: number, adminMembershipIds: readonly number[]): void {
  if (!adminMembershipIds.includes(actorMembershipId)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
  if (adminMembershipIds.length <= 1) throw fail.conflict(TEAM_MESSAGES.lastAdmin);
}

/** Changing a member's name, tags or role needs the right to give them the role they have (a manager never edits an admin). */
export function assertMemberEditable(actorRole: Role, targetRole: Role): void {
  if (!canAssignRole(actorRole, targetRole, targetRole)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
}

/** Who has gone is for those who manage the team (decision 0120); the members are everyone's to see. */
export function assertMayListMembers(role: Role, former: boolean): void {
  if (former && !can(role, "team.remove")) throw fail.forbidden();
}

/** A manager neither grants admin nor acts on an invitation that would (docs/DESIGN.md §6). */
export function assertMayInviteAs(actorRole: Role, role: Role): void {
  if (!canAssignRole(actorRole, "user", role)) throw fail.forbidden(TEAM_MESSAGES.adminOnly);
}

/** An invitation is accepted by the account of the address it was sent to, none other. */
export function assertInvitedAccount(invitedEmailKey: string, accountEmailKey: string): void {
  if (invitedEmailKey !== accountEmailKey) throw fail.forbidden(TEAM_MESSAGES.invitationMismatch);
}

/** Nobody removes themselves (they leave), and a manager never removes an admin (docs/DESIGN.md §6). */
export function assertMayRemove(actor: { userId: number; role: Role }, target: { userId: number; role: Role }): void {
  if (target.userId === actor.userId) throw fail.forbidden(TEAM_ADMIN_MESSAGES.removeSelf);
  if (!canRemoveMember(actor.role, target.role)) throw fail.forbidden(TEAM_ADMIN_MESSAGES.removeAdmin);
}
