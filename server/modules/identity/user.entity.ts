import { EntitySchema, OptionalProps } from "@mikro-orm/core";
// By name: one schema graph, and identity sits below the organizations module (docs/DESIGN.md §3).
import type { Organization } from "#server/modules/organizations/index.js";
import type { Language } from "#shared/i18n/languages.js";

export class User {
  [OptionalProps]?: "createdAt" | "currentOrganization" | "language";
  id!: number;
  name!: string;
  /** As the person typed it, trimmed. */
  email!: string;
  /** The lower-cased e-mail: the unique key that makes comparisons case-insensitive. */
  emailKey!: string;
  passwordHash!: string;
  currentOrganization: Organization | null = null;
  /** The interface language the person chose on the account page; null follows their browser (decision 0380). */
  language: Language | null = null;
  createdAt: Date = new Date();
}

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: "users",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    name: { type: "string", length: 100 },
    email: { type: "string", length: 254 },
    emailKey: { type: "string", length: 254, unique: "users_email_key_unique" },
    passwordHash: { type: "string", length: 255, lazy: true },
    currentOrganization: {
      kind: "m:1",
      entity: "Organization",
      nullable: true,
      deleteRule: "set null",
      fieldName: "current_org_id",
    },
    language: { type: "string", length: 8, nullable: true },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});

export function emailKeyOf(email: string): string {
  return email.trim().toLowerCase();
}
