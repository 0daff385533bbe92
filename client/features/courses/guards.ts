import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { type Action, can } from "../../../shared/permissions.js";
import { loadCurrentUser } from "../auth/current-user.js";

/**
 * For the beforeLoad of a course page that changes courses: a member whose role does not allow
 * `action` goes back to the courses list (spec §6). Runs after the org layout's guard, so the user is
 * signed in and their current organization is the one in the URL.
 */
export async function requireCoursePermission(queryClient: QueryClient, orgSlug: string, action: Action) {
  const user = await loadCurrentUser(queryClient);
  if (!can(user?.currentOrganization?.role, action)) {
    throw redirect({ to: "/$orgSlug/courses", params: { orgSlug }, replace: true });
  }
}
