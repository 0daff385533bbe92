import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Role } from "#shared/roles.js";
import type { User } from "./user.js";

export class Organization {
  [OptionalProps]?: "createdAt";
  id!: number;
  name!: string;
  /** Always lower case; unique. */
  slug!: string;
  createdAt: Date = new Date();
}

export const OrganizationSchema = new EntitySchema<Organization>({
  class: Organization,
  tableName: "organizations",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    name: { type: "string", length: 100 },
    slug: { type: "string", length: 50, unique: "organizations_slug_unique" },
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
  createdAt: Date = new Date();
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
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "memberships_org_user_unique", properties: ["organization", "user"] }],
});
