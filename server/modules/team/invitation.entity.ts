import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { Role } from "#shared/roles.js";

/** An open invitation. The link holds `<slug>.<secret>`; only the secret's SHA-256 is stored. */
export class Invitation {
  [OptionalProps]?: "createdAt" | "acceptedAt" | "invitedBy";
  id!: number;
  organization!: Organization;
  name!: string;
  email!: string;
  emailKey!: string;
  role!: Role;
  tagIds!: number[];
  secretHash!: string;
  invitedBy: User | null = null;
  createdAt: Date = new Date();
  expiresAt!: Date;
  acceptedAt: Date | null = null;
}

export const InvitationSchema = new EntitySchema<Invitation>({
  class: Invitation,
  tableName: "invitations",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    name: { type: "string", length: 100 },
    email: { type: "string", length: 254 },
    emailKey: { type: "string", length: 254 },
    role: { type: "string", length: 20 },
    tagIds: { type: "json" },
    secretHash: { type: "string", length: 64, unique: "invitations_secret_hash_unique" },
    invitedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    expiresAt: { type: "datetime" },
    acceptedAt: { type: "datetime", nullable: true },
  },
  indexes: [
    { name: "invitations_org_email_idx", properties: ["organization", "emailKey"] },
    // team/invitations' pages: an organization's open invitations, newest first.
    { name: "invitations_org_pending_idx", properties: ["organization", "acceptedAt", "createdAt", "id"] },
  ],
});
