import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { Role } from "#shared/roles.js";

/**
 * Someone who was a member of the organization and was removed or left (decision 0120). The membership
 * itself is deleted, so every access check refuses them at once; this row keeps how the organization knew
 * them, so that the team page and the reports can still name the person behind their records.
 */
export class FormerMember {
  [OptionalProps]?: "departedAt" | "removedBy";
  id!: number;
  organization!: Organization;
  user!: User;
  /** The organization's name for them when they went (decision 0013). */
  name!: string;
  role!: Role;
  /** "removed" by someone else, or "left" of their own accord. */
  reason!: "removed" | "left";
  removedBy: User | null = null;
  departedAt: Date = new Date();
}

export const FormerMemberSchema = new EntitySchema<FormerMember>({
  class: FormerMember,
  tableName: "former_members",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "former_members_user_idx" },
    name: { type: "string", length: 100 },
    role: { type: "string", length: 20 },
    reason: { type: "string", length: 10 },
    removedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    departedAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "former_members_org_user_unique", properties: ["organization", "user"] }],
});
