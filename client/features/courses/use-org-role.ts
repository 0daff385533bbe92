import type { Action } from "../../../shared/permissions.js";
import { can } from "../../../shared/permissions.js";
import { useCurrentUser } from "../auth/current-user.js";

/**
 * Whether the signed-in user's role in the current organization allows `action`. Only decides what
 * the screen offers: the server checks every call again.
 */
export function useCan(action: Action): boolean {
  const { data: user } = useCurrentUser();
  return can(user?.currentOrganization?.role, action);
}
