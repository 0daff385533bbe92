import { createFileRoute } from "@tanstack/react-router";
import { PageSpinner } from "#client/components/ui/spinner.js";
import { guardOrganizationRoute } from "#client/features/orgs/guard.js";

/**
 * Every organization page (spec route table, /:orgSlug/…) sits under this pathless layout, which guards
 * them (docs/SPEC.md §2, protected-route behaviour; the rules are in features/orgs/guard.ts). The invitation
 * page, /:orgSlug/invite, sits beside it: invitees are not members yet.
 */
export const Route = createFileRoute("/$orgSlug/_org")({
  beforeLoad: ({ context, location, params, preload, matches }) =>
    guardOrganizationRoute({ queryClient: context.queryClient, location, orgSlug: params.orgSlug, preload, matches }),
  pendingComponent: () => <PageSpinner label="Loading organization" />,
  // Sooner than the router's default second: on a first visit there is nothing else on the page yet.
  pendingMs: 300,
});
