import { z } from "zod";
import type { MembershipRecord } from "#server/modules/identity/index.js";
import { LANGUAGES } from "#shared/i18n/languages.js";
import type { Role } from "#shared/roles.js";
import type { Organization } from "./organization.entity.js";
import type { CountedMembership } from "./organizations.data.js";

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

function organizationView(membership: MembershipRecord, memberCount: number): OrganizationView {
  return { ...presentOrganizationAccess(membership), createdAt: membership.organization.createdAt, memberCount };
}

/** Organizations through the caller's memberships, each with its member count (organizations.data.ts). */
export function presentOrganizations(counted: readonly CountedMembership[]): OrganizationView[] {
  return counted.map(({ membership, memberCount }) => organizationView(membership, memberCount));
}

export function presentOrganization({ membership, memberCount }: CountedMembership): OrganizationView {
  return organizationView(membership, memberCount);
}

/** orgs/language's answer, as a caller with an API key receives it (docs/decisions/0322-openapi-from-procedures.md). */
export const orgLanguageAnswer = z.object({ defaultLanguage: z.enum(LANGUAGES) });
