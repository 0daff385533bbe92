import type { EntityManager } from "@mikro-orm/core";
import { Hooks } from "#server/platform/api/hooks.js";

/**
 * What opens a registration past its limits (decision 0265): an open invitation made for the address,
 * which the team module knows and registers (server/router.ts); identity imports no team file.
 */
export interface RegistrationHook {
  /** Whether `token` is an open invitation for `emailKey`. */
  invites(em: EntityManager, token: string, emailKey: string): Promise<boolean>;
}

export const registrationHooks = new Hooks<RegistrationHook>("registrationHooks");

/** Whether a registration comes through an open invitation for its address: then it is never rate limited. */
export async function isOpenInvitationFor(
  em: EntityManager,
  token: string | undefined,
  emailKey: string,
): Promise<boolean> {
  if (token === undefined) return false;
  for (const hook of registrationHooks.all) if (await hook.invites(em, token, emailKey)) return true;
  return false;
}
