import { raw } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import type { Role } from "#shared/roles.js";
import { Membership, type Organization } from "./organization.entity.js";
import { organizationCounts } from "./organizations.data.js";

/** An organization named by link: invitations, accept-invite. */
export interface OrganizationRef {
  id: number;
  name: string;
  slug: string;
}

/** An organization with the caller's role there (orgs/validate-slug, the user's current organization). */
export interface OrganizationAccessView extends OrganizationRef {
  role: Role;
}

/** An organization as its cards and settings show it (orgs/list, create, get, update). */
export interface OrganizationView extends OrganizationAccessView {
  createdAt: Date;
  memberCount: number;
}

/** orgs/stats. */
export interface OrganizationStatsView {
  memberCount: number;
  courseCount: number;
  lessonCount: number;
  totalCompletions: number;
}

export function presentOrganizationRef(org: Organization): OrganizationRef {
  return { id: org.id, name: org.name, slug: org.slug };
}

export function presentOrganizationAccess(membership: MembershipRecord): OrganizationAccessView {
  return { ...presentOrganizationRef(membership.organization), role: membership.role };
}

/** Member counts of several organizations in one query. */
async function memberCounts(em: SqlEntityManager, organizationIds: number[]): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await em
    .createQueryBuilder(Membership, "m")
    .select([raw("m.organization_id as organization_id"), raw("count(m.id) as member_count")])
    .where({ organization: { $in: organizationIds } })
    .groupBy("m.organization")
    .execute<{ organization_id: number; member_count: number | string }[]>("all", false);
  return new Map(rows.map((row) => [Number(row.organization_id), Number(row.member_count)]));
}

function organizationView(membership: MembershipRecord, memberCount: number): OrganizationView {
  return { ...presentOrganizationAccess(membership), createdAt: membership.organization.createdAt, memberCount };
}

/** Organizations through the caller's memberships (organization populated), in one query more. */
export async function presentOrganizations(
  em: SqlEntityManager,
  memberships: readonly MembershipRecord[],
): Promise<OrganizationView[]> {
  const counts = await memberCounts(
    em,
    memberships.map((membership) => membership.organization.id),
  );
  return memberships.map((membership) => organizationView(membership, counts.get(membership.organization.id) ?? 0));
}

export async function presentOrganization(
  em: SqlEntityManager,
  membership: MembershipRecord,
): Promise<OrganizationView> {
  const counts = await memberCounts(em, [membership.organization.id]);
  return organizationView(membership, counts.get(membership.organization.id) ?? 0);
}

/** The settings page's numbers, counted from the indexes of the organization `em` is scoped to. */
export function presentOrganizationStats(em: SqlEntityManager): Promise<OrganizationStatsView> {
  return organizationCounts(em);
}
