import {
  type EntityClass,
  type EntityDictionary,
  type EntityManager,
  type RequiredEntityData,
  Utils,
} from "@mikro-orm/core";
import type { Language } from "#shared/i18n/languages.js";
import { TENANT_FILTER } from "./tenant-filter.js";

/**
 * Tenant scoping (docs/DESIGN.md §4): which organization an entity manager's queries see, and the one way
 * a new organization-owned row gets its organization. The procedure builders set the scope; domain files
 * that are no routers use these without reaching into the tRPC layer.
 */

/** An organization as a request knows it: a plain record (decision 0205). */
export interface OrganizationRecord {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  /** The language of its members who chose none and whose browser asks for none offered (decision 0380). */
  readonly defaultLanguage: Language;
  readonly createdAt: Date;
}

/** Every later query on this entity manager sees only this organization's rows. */
export function scopeToOrganization(em: EntityManager, organizationId: number): void {
  em.setFilterParams(TENANT_FILTER, { organizationId });
}

/**
 * The scope an organization procedure's handler gets: its entity manager and the request's organization,
 * a plain record (decision 0205).
 */
export interface OrganizationScope {
  em: EntityManager;
  organization: OrganizationRecord;
}

/**
 * The organization's entity, registered from the record without a query (an entity the manager already
 * holds is returned as it is). By the entity's name: the platform knows no module's classes.
 */
export function organizationEntity<Organization extends object>(
  em: EntityManager,
  organization: OrganizationRecord | Organization,
): Organization {
  if (Utils.isEntity<Organization>(organization)) return organization;
  const record = organization as OrganizationRecord;
  // The organizations table's row, columns by name: a type the platform cannot check against the class.
  const row = { id: record.id, name: record.name, slug: record.slug, created_at: record.createdAt };
  return em.map<Organization>("Organization", row as unknown as EntityDictionary<Organization>);
}

/**
 * A new row of an organization-owned entity (TENANT_ENTITIES), in the request's organization: the
 * organization comes from the scope, never from the handler, so a row cannot land in another one.
 */
export function createOwned<T extends { organization: object }>(
  scope: OrganizationScope,
  entity: EntityClass<T>,
  data: Omit<RequiredEntityData<T>, "organization">,
): T {
  const organization = organizationEntity<T["organization"]>(scope.em, scope.organization);
  return scope.em.create(entity, { ...data, organization } as RequiredEntityData<T>);
}
