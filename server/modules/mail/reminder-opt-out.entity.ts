import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Membership, Organization } from "#server/modules/organizations/index.js";

/** A member who turned reminder mails off in one organization (the link in the mail, or the account page). */
export class ReminderOptOut {
  [OptionalProps]?: "createdAt";
  membership!: Membership;
  organization!: Organization;
  createdAt: Date = new Date();
}

export const ReminderOptOutSchema = new EntitySchema<ReminderOptOut>({
  class: ReminderOptOut,
  tableName: "reminder_opt_outs",
  properties: {
    membership: { kind: "1:1", entity: "Membership", primary: true, owner: true, deleteRule: "cascade" },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: "reminder_opt_outs_org_idx" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});
