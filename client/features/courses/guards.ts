import { redirect } from "@tanstack/react-router";
import type { Organization } from "#client/features/orgs/queries.js";
import { isExplainedAction } from "#shared/permission-texts.js";
import { type Action, can } from "#shared/permissions.js";

/**
 * For the beforeLoad of a course page that changes courses: a member whose role does not allow
 * `action` goes back to the courses list (docs/SPEC.md §6), which says why. Runs after the org layout's guard, whose route
 * context is the organization of the URL with the user's role in it.
 */
export function requireCoursePermission(organization: Organization, orgSlug: string, action: Action): void {
  if (!can(organization.role, action)) {
    const search = isExplainedAction(action) ? { denied: action } : {};
    throw redirect({ to: "/$orgSlug/courses", params: { orgSlug }, search, replace: true });
  }
}
