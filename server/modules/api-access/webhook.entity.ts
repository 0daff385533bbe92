import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * An organization's webhook endpoint (docs/decisions/0341-webhooks-through-the-outbox.md): where its chosen
 * events are posted, signed per the Standard Webhooks specification with a secret shown once and kept
 * sealed with SECRET_KEY. Its deliveries are rows of the outbox (server/platform/mail/outbox.entity.ts);
 * deleting the endpoint deletes them.
 */
export class Webhook {
  [OptionalProps]?: "createdAt" | "disabledAt";
  id!: number;
  organization!: Organization;
  createdBy!: User;
  url!: string;
  /** The chosen event names, comma-separated and wrapped in commas (",lesson.completed,course.completed,"). */
  events!: string;
  /** The signing secret (`whsec_…`), sealed (server/platform/crypto/sealing.ts). */
  sealedSecret!: string;
  createdAt: Date = new Date();
  /** Set when a delivery failed for a day: no new events until an admin redelivers one. */
  disabledAt: Date | null = null;
}

export const WebhookSchema = new EntitySchema<Webhook>({
  class: Webhook,
  tableName: "webhooks",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    // No index of its own: the list's index leads with it.
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    createdBy: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "webhooks_created_by_idx" },
    url: { type: "string", length: 254 },
    events: { type: "string", length: 400 },
    sealedSecret: { type: "text" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    disabledAt: { type: "datetime", nullable: true },
  },
  indexes: [{ name: "webhooks_org_created_idx", properties: ["organization", "createdAt"] }],
});
