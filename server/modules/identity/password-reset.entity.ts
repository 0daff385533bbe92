import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "./user.entity.js";

/** A "forgot password" link: only the SHA-256 of its secret; single use; valid one hour. */
export class PasswordReset {
  [OptionalProps]?: "createdAt" | "usedAt";
  tokenHash!: string;
  user!: User;
  createdAt: Date = new Date();
  expiresAt!: Date;
  usedAt: Date | null = null;
}

export const PasswordResetSchema = new EntitySchema<PasswordReset>({
  class: PasswordReset,
  tableName: "password_resets",
  properties: {
    tokenHash: { type: "string", length: 64, primary: true },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade", index: "password_resets_user_idx" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    expiresAt: { type: "datetime", index: "password_resets_expires_idx" },
    usedAt: { type: "datetime", nullable: true },
  },
});
