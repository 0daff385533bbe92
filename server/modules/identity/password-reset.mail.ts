import { createHash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/core";
import type { MailSettings } from "#server/platform/http/config.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { renderMail } from "#server/platform/mail/templates.js";
import { HOUR_MS } from "#shared/constants.js";
import { PasswordReset } from "./password-reset.entity.js";
import type { User } from "./user.entity.js";

/** A reset link works for this long after it was asked for (docs/SPEC.md §7). */
export const PASSWORD_RESET_MS = HOUR_MS;

export const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new reset link for the account, mailed in the caller's transaction. Links asked for earlier and not
 * used stop working: only the latest mail counts. Only the token's hash is stored.
 */
export async function queuePasswordReset(em: EntityManager, mail: MailSettings, user: User, now: Date): Promise<void> {
  await em.nativeDelete(PasswordReset, { user: user.id, usedAt: null });
  const token = randomBytes(32).toString("base64url");
  em.create(PasswordReset, {
    tokenHash: hashResetToken(token),
    user,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_MS),
  });
  const link = `${mail.publicUrl}/reset-password?token=${token}`;
  const content = renderMail({
    subject: "Reset your Trainwright password",
    from: "Trainwright",
    blocks: [
      { paragraph: `Hello ${user.name},` },
      { paragraph: "Someone, hopefully you, asked to reset the password of your Trainwright account." },
      { button: { label: "Choose a new password", url: link } },
      {
        small:
          "The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
      },
    ],
  });
  queueMail(em, { ...content, kind: "password_reset", recipient: user.email, organization: null }, now);
}
