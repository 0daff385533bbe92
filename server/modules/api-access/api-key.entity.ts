import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { ApiKeyAccess } from "#shared/schemas/api-keys.js";

/**
 * An organization's API key (docs/decisions/0320-api-keys.md). The key itself is shown once, when it is
 * made; only its SHA-256 is kept, with its first characters to tell keys apart in the list. It acts for the
 * admin who made it, with its own access, while that admin is still one; revoking deletes the row.
 */
export class ApiKey {
  [OptionalProps]?: "createdAt" | "expiresAt" | "lastUsedAt";
  id!: number;
  organization!: Organization;
  createdBy!: User;
  name!: string;
  access!: ApiKeyAccess;
  tokenHash!: string;
  /** The key's first characters (its fixed prefix and a few more), shown in the list. */
  shownPrefix!: string;
  createdAt: Date = new Date();
  expiresAt: Date | null = null;
  /** When a request last used it; written at most once per LAST_SEEN_STEP_MS, as a session's last seen. */
  lastUsedAt: Date | null = null;
}

export const ApiKeySchema = new EntitySchema<ApiKey>({
  class: ApiKey,
  tableName: "api_keys",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    // No index of its own (SQLite would add one, decision 0240): the list's index leads with it.
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    createdBy: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "api_keys_created_by_idx" },
    name: { type: "string", length: 100 },
    access: { type: "string", length: 16 },
    tokenHash: { type: "string", length: 64, unique: "api_keys_token_hash_unique" },
    shownPrefix: { type: "string", length: 16 },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    expiresAt: { type: "datetime", nullable: true },
    lastUsedAt: { type: "datetime", nullable: true },
  },
  indexes: [{ name: "api_keys_org_created_idx", properties: ["organization", "createdAt"] }],
});
