import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Membership, Organization } from "#server/modules/organizations/index.js";
import type { TagType } from "#shared/schemas/tags.js";

/** A department (with a colour) or a role inside a department (docs/SPEC.md §3). */
export class Tag {
  [OptionalProps]?: "createdAt" | "parent" | "color";
  id!: number;
  organization!: Organization;
  name!: string;
  type!: TagType;
  /** The department a role belongs to; null for departments. */
  parent: Tag | null = null;
  color: string | null = null;
  createdAt: Date = new Date();
}

export const TagSchema = new EntitySchema<Tag>({
  class: Tag,
  tableName: "tags",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    name: { type: "string", length: 100 },
    type: { type: "string", length: 20 },
    parent: { kind: "m:1", entity: () => Tag, nullable: true, deleteRule: "cascade" },
    color: { type: "string", length: 7, nullable: true },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  indexes: [{ name: "tags_org_parent_idx", properties: ["organization", "parent"] }],
});

/** A tag given to a member of the organization. */
export class MemberTag {
  [OptionalProps]?: "createdAt";
  id!: number;
  organization!: Organization;
  membership!: Membership;
  tag!: Tag;
  /**
   * When the member got the tag: when they joined the audience of the courses it reaches (decision 0040).
   * Nullable only because links made before the column existed cannot all be back-filled on SQLite,
   * which adds no NOT NULL column without a constant default; the migration fills them from the membership.
   */
  createdAt: Date | null = new Date();
}

export const MemberTagSchema = new EntitySchema<MemberTag>({
  class: MemberTag,
  tableName: "member_tags",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    membership: { kind: "m:1", entity: "Membership", deleteRule: "cascade" },
    tag: { kind: "m:1", entity: () => Tag, deleteRule: "cascade", index: "member_tags_tag_idx" },
    createdAt: { type: "datetime", nullable: true, onCreate: () => new Date() },
  },
  uniques: [{ name: "member_tags_unique", properties: ["organization", "membership", "tag"] }],
});
