import type { EntityManager } from "@mikro-orm/core";
import { hashToken, type RegistrationHook } from "#server/modules/identity/index.js";
import { Invitation } from "./invitation.entity.js";

/**
 * Whether `token` is an open invitation made for `emailKey` (decision 0265): a registration through it is
 * never rate limited, so a whole office joins from one address. The token is `<org-slug>.<secret>` and only
 * the secret's SHA-256 is stored (docs/DESIGN.md §5); the hash is unique across organizations. One
 * invitation stands for one address, which can register once, so it opens nothing for anyone else. Expiry
 * is judged on the wall clock, as accepting the invitation judges it.
 */
async function isOpenInvitationFor(em: EntityManager, token: string, emailKey: string): Promise<boolean> {
  const dot = token.lastIndexOf(".");
  const secret = dot > 0 ? token.slice(dot + 1) : "";
  if (secret.length < 20) return false;
  const invitation = await em.findOne(
    Invitation,
    { secretHash: hashToken(secret), emailKey, acceptedAt: null, expiresAt: { $gt: new Date() } },
    // Registration has no organization yet; the secret alone names the invitation.
    { filters: false },
  );
  return invitation !== null;
}

/** Registered with identity's registrationHooks by server/router.ts. */
export const invitationRegistrationHook: RegistrationHook = { invites: isOpenInvitationFor };
