import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuditTrailPage } from "#client/features/audit/audit-trail-page.js";
import { dashboardPath } from "#client/features/orgs/queries.js";
import { can } from "#shared/permissions.js";

export const Route = createFileRoute("/$orgSlug/_org/audit")({
  // docs/DESIGN.md §6: the audit trail is for admins; anyone else lands on the dashboard.
  beforeLoad: ({ context }) => {
    const { organization } = context;
    if (!can(organization.role, "audit.view")) {
      throw redirect({ href: dashboardPath(organization.slug), replace: true });
    }
  },
  component: AuditTrailPage,
});
