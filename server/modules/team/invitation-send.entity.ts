import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * Invitations sent by one call (team/invite, team/resend-invite, team/invite-many): by whom, for which
 * organization, when and how many. The invitation limits count these rows over the last hour and day, per
 * organization and per account; they outlive a revoked or replaced invitation, so revoking and inviting
 * again still counts. Housekeeping removes them after a day, when they count for nothing
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 */
export class InvitationSend {
  [OptionalProps]?: "sentAt";
  id!: number;
  organization!: Organization;
  sentBy!: User;
  sentAt: Date = new Date();
  count!: number;
}

export const InvitationSendSchema = new EntitySchema<InvitationSend>({
  class: InvitationSend,
  tableName: "invitation_sends",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    // No index of their own (SQLite would add one, decision 0240): the two below lead with them.
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    sentBy: { kind: "m:1", entity: "User", deleteRule: "cascade", index: false },
    sentAt: { type: "datetime", onCreate: () => new Date() },
    count: { type: "integer" },
  },
  indexes: [
    { name: "invitation_sends_org_sent_idx", properties: ["organization", "sentAt"] },
    { name: "invitation_sends_user_sent_idx", properties: ["sentBy", "sentAt"] },
  ],
});
