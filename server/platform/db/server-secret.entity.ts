import { EntitySchema } from "@mikro-orm/core";

/** A random key the server made for itself (signing unsubscribe links), shared by every instance. */
export class ServerSecret {
  name!: string;
  value!: string;
}

export const ServerSecretSchema = new EntitySchema<ServerSecret>({
  class: ServerSecret,
  tableName: "server_secrets",
  properties: {
    name: { type: "string", length: 50, primary: true },
    value: { type: "string", length: 128 },
  },
});
