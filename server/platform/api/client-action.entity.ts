import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * An action a device made up while it was offline and sent later, remembered by the id the device gave it
 * (decision 0140). A replay of the same id answers what the first call answered, without doing
 * the work again: the installed app may send one completion several times (a lost answer, Background Sync
 * and the page both sending), and the server must count it once.
 */
export class ClientAction {
  [OptionalProps]?: "createdAt";
  id!: number;
  organization!: Organization;
  user!: User;
  /** The device's UUID for the action: unique across the whole table. */
  clientId!: string;
  /** What was done ("lesson.complete"); a replay of the id for another kind is refused. */
  kind!: string;
  /** The first call's answer, as JSON, given again to every replay. */
  result!: string;
  createdAt: Date = new Date();
}

export const ClientActionSchema = new EntitySchema<ClientAction>({
  class: ClientAction,
  tableName: "client_actions",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "client_actions_user_idx" },
    clientId: { type: "string", length: 36, fieldName: "client_id" },
    kind: { type: "string", length: 40 },
    result: { type: "text" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [{ name: "client_actions_client_id_unique", properties: ["clientId"] }],
});
