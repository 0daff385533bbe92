import { redirect } from "@tanstack/react-router";
import { dashboardPath, type Organization } from "#client/features/orgs/queries.js";
import { can } from "#shared/permissions.js";

/** For the beforeLoad of a report page: reports are for admins and managers (docs/DESIGN.md §6); others go home, told why. */
export function requireReports(organization: Organization): void {
  if (!can(organization.role, "reports.view")) {
    throw redirect({ href: `${dashboardPath(organization.slug)}?denied=reports.view`, replace: true });
  }
}
