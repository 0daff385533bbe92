import type { SqlEntityManager } from "@mikro-orm/knex";
import { managedUser, type SignedInUser } from "#server/modules/identity/index.js";
import { nowOf } from "#server/platform/api/trpc.js";
import { inScope, readRow, readRowAcrossOrganizations } from "#server/platform/db/rows.js";
import { countFromRow, dateParam, takeTurn } from "#server/platform/db/sql-dialect.js";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { DAY_MS, HOUR_MS, INVITATION_LIMITS } from "#shared/constants.js";
import { INVITATION_LIMIT_MESSAGES as L } from "#shared/schemas/team-admin.js";
import { InvitationSend } from "./invitation-send.entity.js";

/**
 * The invitation limits (INVITATION_LIMITS in shared/constants.ts): every call that sends invitations
 * asks here first how many it may send, and what to say about the rest
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md). Sliding windows over InvitationSend rows,
 * counted in the request's transaction and recorded in it, so a refused or failed call counts nothing.
 */

/** Advisory lock namespaces ("inva", "invo"): no other advisory lock of this database uses them. */
const ACCOUNT_SENDS_LOCK = 0x696e7661;
const ORGANIZATION_SENDS_LOCK = 0x696e766f;

export interface InvitationScope extends OrganizationScope {
  em: SqlEntityManager;
  config: Config;
  user: SignedInUser;
}

export interface InvitationAllowance {
  /** How many of those asked for may be sent now (recorded as sent). */
  granted: number;
  /** Why the others may not: the limit reached, in the words the invite form shows. Null when all may. */
  refusal: string | null;
}

interface Sent {
  last_hour: unknown;
  last_day: unknown;
}

const SENT_COLUMNS = `coalesce(sum(case when sent_at > ? then count else 0 end), 0) as last_hour,
  coalesce(sum(count), 0) as last_day from invitation_sends`;

/** The organization's invitations of the last hour and day. */
async function sentByOrganization(scope: InvitationScope, now: Date) {
  const row = await readRow<Sent>(scope.em, `select ${SENT_COLUMNS} where ${inScope()} and sent_at > ?`, [
    dateParam(scope.config, new Date(now.getTime() - HOUR_MS)),
    dateParam(scope.config, new Date(now.getTime() - DAY_MS)),
  ]);
  return { lastHour: countFromRow(row?.last_hour), lastDay: countFromRow(row?.last_day) };
}

/** The account's invitations of the last hour and day, in every organization: its limit is the person's. */
async function sentByAccount(scope: InvitationScope, now: Date) {
  const row = await readRowAcrossOrganizations<Sent>(
    scope.em,
    `select ${SENT_COLUMNS} where sent_by_id = ? and sent_at > ?`,
    [
      dateParam(scope.config, new Date(now.getTime() - HOUR_MS)),
      scope.user.id,
      dateParam(scope.config, new Date(now.getTime() - DAY_MS)),
    ],
  );
  return { lastHour: countFromRow(row?.last_hour), lastDay: countFromRow(row?.last_day) };
}

const isNew = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() < INVITATION_LIMITS.newForDays * DAY_MS;

/**
 * How many of `wanted` invitations the caller may send now, recorded as sent by them for this
 * organization. On PostgreSQL, two calls of one account or one organization take turns (the account's
 * lock first, then the organization's, always in that order), so two at once cannot both take the
 * last room; SQLite runs one writer at a time anyway.
 */
export async function takeInvitationAllowance(
  scope: InvitationScope,
  wanted: number,
  now: Date,
): Promise<InvitationAllowance> {
  if (wanted <= 0) return { granted: 0, refusal: null };
  await takeTurn(scope, ACCOUNT_SENDS_LOCK, scope.user.id);
  await takeTurn(scope, ORGANIZATION_SENDS_LOCK, scope.organization.id);
  const newOrganization = isNew(scope.organization.createdAt, now);
  const newAccount = isNew(scope.user.createdAt, now);
  const organizationLimits = INVITATION_LIMITS.organization[newOrganization ? "new" : "established"];
  const accountLimits = INVITATION_LIMITS.account[newAccount ? "new" : "established"];
  const organization = await sentByOrganization(scope, now);
  const account = await sentByAccount(scope, now);
  const organizationNote = newOrganization ? ` ${L.newOrganization}` : "";
  const accountNote = newAccount ? ` ${L.newAccount}` : "";
  const limits = [
    {
      used: organization.lastHour,
      limit: organizationLimits.perHour,
      refusal: L.organizationPerHour(organizationLimits.perHour) + organizationNote,
    },
    {
      used: organization.lastDay,
      limit: organizationLimits.perDay,
      refusal: L.organizationPerDay(organizationLimits.perDay) + organizationNote,
    },
    {
      used: account.lastHour,
      limit: accountLimits.perHour,
      refusal: L.accountPerHour(accountLimits.perHour) + accountNote,
    },
    {
      used: account.lastDay,
      limit: accountLimits.perDay,
      refusal: L.accountPerDay(accountLimits.perDay) + accountNote,
    },
  ];
  let granted = wanted;
  let refusal: string | null = null;
  for (const limit of limits) {
    const room = Math.max(0, limit.limit - limit.used);
    if (room < granted) {
      granted = room;
      refusal = limit.refusal;
    }
  }
  if (granted > 0) {
    createOwned(scope, InvitationSend, { sentBy: managedUser(scope.em, scope.user), sentAt: now, count: granted });
  }
  return { granted, refusal };
}

/** One invitation (team/invite, team/resend-invite): allowed and recorded, or refused with 429 and the reason. */
export async function assertInvitationAllowed(scope: InvitationScope & { clock?: () => number }): Promise<void> {
  const { granted, refusal } = await takeInvitationAllowance(scope, 1, nowOf(scope));
  if (granted < 1) throw fail.tooManyRequests(refusal ?? undefined);
}
