import type { Role } from "./roles.js";

/**
 * The permission matrix (docs/DESIGN.md §6) as one table. Every check on the server and every visibility
 * decision in the client goes through `can`, so a change of policy is a change of this table only.
 */
export const ACTIONS = [
  "org.view",
  "courses.viewDrafts",
  "courses.create",
  "courses.edit",
  "courses.delete",
  "tags.view",
  "tags.manage",
  "team.view",
  "team.manage",
  "settings.view",
  "org.manage",
  "nav.teamAndTags",
  "training.assign",
  "reports.view",
  "team.invitations",
  "team.remove",
  "org.leave",
  "mail.viewProblems",
  "signoffs.manage",
  "lessons.sign",
  "quizzes.manage",
  "quizzes.viewStats",
  "storage.view",
  "certificates.viewAll",
  "certificates.revoke",
  "certificates.recordExternal",
  "apiKeys.manage",
  "audit.view",
  "sso.manage",
  "webhooks.manage",
  "revisions.publish",
  "revisions.approve",
] as const;
export type Action = (typeof ACTIONS)[number];

const EVERYONE: readonly Role[] = ["admin", "manager", "teacher", "learner", "user"];
const CONTENT_CREATORS: readonly Role[] = ["admin", "manager", "teacher"];
const MANAGEMENT: readonly Role[] = ["admin", "manager"];
const ADMIN_ONLY: readonly Role[] = ["admin"];

const PERMISSIONS: Record<Action, readonly Role[]> = {
  "org.view": EVERYONE,
  "courses.viewDrafts": CONTENT_CREATORS,
  "courses.create": MANAGEMENT,
  "courses.edit": CONTENT_CREATORS,
  "courses.delete": MANAGEMENT,
  "tags.view": EVERYONE,
  "tags.manage": ADMIN_ONLY,
  "team.view": EVERYONE,
  "team.manage": MANAGEMENT,
  "settings.view": MANAGEMENT,
  "org.manage": ADMIN_ONLY,
  /** docs/SPEC.md §2: the Team and Tags links are shown to admins only. */
  "nav.teamAndTags": ADMIN_ONLY,
  /** Naming people a course is assigned to, and seeing everyone's progress. */
  "training.assign": MANAGEMENT,
  "reports.view": MANAGEMENT,
  /** See, resend and revoke pending invitations; invite many at once. */
  "team.invitations": MANAGEMENT,
  /** Remove a member (a manager never an admin: canRemoveMember). */
  "team.remove": MANAGEMENT,
  /** Anyone may leave, except the last admin. */
  "org.leave": EVERYONE,
  /** The team page's "E-mail problems" (mail that failed to send). */
  "mail.viewProblems": ADMIN_ONLY,
  /** Marking lessons for sign-off, their versions and restoring one; signing what one may see. */
  "signoffs.manage": CONTENT_CREATORS,
  "lessons.sign": EVERYONE,
  /** Building a lesson's knowledge check, and reading its answers. */
  "quizzes.manage": CONTENT_CREATORS,
  /** How often each question of a check is answered wrongly. */
  "quizzes.viewStats": CONTENT_CREATORS,
  /** How much of the organization's image storage is used (the settings page; decision 0276). */
  "storage.view": MANAGEMENT,
  /** Everyone's certificates, who expires when, their CSV (docs/decisions/0310-certificates-derived-from-completion.md). */
  "certificates.viewAll": MANAGEMENT,
  /** Revoking a certificate, with a reason the verification page answers as "revoked". */
  "certificates.revoke": ADMIN_ONLY,
  /**
   * Recording a member's certificate earned elsewhere, and approving or rejecting one a member submitted
   * (docs/decisions/0350-external-certificates.md); anyone submits their own.
   */
  "certificates.recordExternal": MANAGEMENT,
  /** Create, list and revoke the organization's API keys (docs/decisions/0320-api-keys.md). */
  "apiKeys.manage": ADMIN_ONLY,
  /** The evidence log: browse, verify, export the inspection pack (docs/decisions/0300-evidence-log.md). */
  "audit.view": ADMIN_ONLY,
  /** The organization's identity providers and "Require SSO" (docs/decisions/0370-oidc-sign-in.md). */
  "sso.manage": ADMIN_ONLY,
  /** Create, list and delete the organization's webhooks, see and redeliver their deliveries (docs/decisions/0341-webhooks-through-the-outbox.md). */
  "webhooks.manage": ADMIN_ONLY,
  /** Publishing a published course's draft revision as its next version (docs/decisions/0390-course-drafts.md). */
  "revisions.publish": CONTENT_CREATORS,
  /** Approving or sending back a revision in review, never one's own (docs/decisions/0391-approval-of-revisions.md). */
  "revisions.approve": MANAGEMENT,
};

/** The roles whose level allows `action`, in the table's order. */
export function rolesAllowedTo(action: Action): readonly Role[] {
  return PERMISSIONS[action];
}

export function can(role: Role | null | undefined, action: Action): boolean {
  return role != null && PERMISSIONS[action].includes(role);
}

/** docs/DESIGN.md §6: a manager manages the team but never grants or removes the admin role. */
export function canAssignRole(actorRole: Role, fromRole: Role, toRole: Role): boolean {
  if (!can(actorRole, "team.manage")) return false;
  if (actorRole === "admin") return true;
  return fromRole !== "admin" && toRole !== "admin";
}

/** docs/DESIGN.md §6: admins remove anyone, managers anyone but an admin (the last admin stays, server-side). */
export function canRemoveMember(actorRole: Role, targetRole: Role): boolean {
  if (!can(actorRole, "team.remove")) return false;
  return actorRole === "admin" || targetRole !== "admin";
}
