import type { EntityManager } from "@mikro-orm/core";
import { Hooks } from "#server/platform/api/hooks.js";
import type { User } from "./user.entity.js";

/**
 * What may refuse a correct password (decision 0370): an organization that requires its own sign-in for
 * its e-mail domains, which the sso module knows and registers (server/router.ts); identity imports no
 * sso file.
 */
export interface PasswordSignInRule {
  /** Throws the refusal when `user` may not sign in with a password; asked only after the password matched. */
  assertPasswordAllowed(em: EntityManager, user: Pick<User, "id" | "emailKey">): Promise<void>;
}

export const passwordSignInRules = new Hooks<PasswordSignInRule>("passwordSignInRules");

export async function assertPasswordSignInAllowed(em: EntityManager, user: Pick<User, "id" | "emailKey">) {
  for (const rule of passwordSignInRules.all) await rule.assertPasswordAllowed(em, user);
}
