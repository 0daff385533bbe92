import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import type { Action } from "#shared/permissions.js";
import { can } from "#shared/permissions.js";

/**
 * Whether the signed-in user's role in the organization of this page allows `action`. Only decides what
 * the screen offers: the server checks every call again.
 */
export function useCan(action: Action): boolean {
  return can(useRouteOrganization().role, action);
}
