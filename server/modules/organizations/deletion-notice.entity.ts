import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";

/**
 * A member's note that an organization they belonged to was deleted: the organization and all its rows are
 * gone (docs/SPEC.md §4), so without it they would only learn that they have "no access". Kept until they
 * dismiss it (decision 0296). Belongs to the person, not to an organization: no tenant filter.
 */
export class DeletionNotice {
  [OptionalProps]?: "deletedAt";
  id!: number;
  user!: User;
  organizationName!: string;
  organizationSlug!: string;
  /** Who deleted it, as that organization named them; null when the name is not known. */
  deletedByName!: string | null;
  deletedAt: Date = new Date();
}

export const DeletionNoticeSchema = new EntitySchema<DeletionNotice>({
  class: DeletionNotice,
  tableName: "organization_deletion_notices",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "organization_deletion_notices_user_idx" },
    organizationName: { type: "string", length: 100 },
    organizationSlug: { type: "string", length: 50 },
    deletedByName: { type: "string", length: 100, nullable: true },
    deletedAt: { type: "datetime", onCreate: () => new Date() },
  },
});
