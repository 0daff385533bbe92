import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import { DEFAULT_LANGUAGE, type Language } from "#shared/i18n/languages.js";
import type { Role } from "#shared/roles.js";

export class Organization {
  [OptionalProps]?: "createdAt" | "defaultLanguage";
  id!: number;
  name!: string;
  /** Always lower case; unique. */
  slug!: string;
  /** The language of members who chose none and whose browser asks for none offered (decision 0380). */
  defaultLanguage: Language = DEFAULT_LANGUAGE;
  createdAt: Date = new Date();
}

export const OrganizationSchema = new EntitySchema<Organization>({
  class: Organization,
  tableName: "organizations",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    name: { type: "string", length: 100 },
    slug: { type: "string", length: 50, unique: "organizations_slug_unique" },
    defaultLanguage: { type: "string", length: 8, default: DEFAULT_LANGUAGE },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});

export class Membership {
  [OptionalProps]?: "createdAt" | "displayName";
  id!: number;
  organization!: Organization;
  user!: User;
  role!: Role;
  /**
   * The name this organization shows for the person; null shows the account's own name. Kept on the
   * membership so that what one organization writes is never seen by another (decision 0013).
   */
  displayName: string | null = null;
  /**
   * The shown name (displayName, else the account's) as the team list sorts and searches it, from
   * `sortNameOf`. Stored so that a page of a large team is read in order from an index instead of sorting
   * every member (decision 0211); whatever sets either name sets this too.
   */
  sortName!: string;
  createdAt: Date = new Date();
}

/** The team list's sort and search key of a shown name (decision 0211). */
export function sortNameOf(shownName: string): string {
  return shownName.toLowerCase();
}

export const MembershipSchema = new EntitySchema<Membership>({
  class: Membership,
  tableName: "memberships",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: () => Organization, deleteRule: "cascade" },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "memberships_user_idx" },
    role: { type: "string", length: 20 },
    displayName: { type: "string", length: 100, nullable: true },
    // The default exists only because SQLite adds a NOT NULL column with one; every writer sets the key.
    sortName: { type: "string", length: 255, default: "" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "memberships_org_user_unique", properties: ["organization", "user"] }],
  // A page of the team list: the organization's members in name order, the user id breaking ties.
  indexes: [{ name: "memberships_org_sort_name_idx", properties: ["organization", "sortName", "user"] }],
});
