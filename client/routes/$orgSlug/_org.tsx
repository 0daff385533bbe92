import { createFileRoute, Outlet, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageSpinner } from "../../components/ui/spinner.js";
import { useCurrentUser } from "../../features/auth/current-user.js";
import { guardOrganizationRoute } from "../../features/orgs/guard.js";
import { useRouteOrganization } from "../../features/orgs/hooks.js";
import { isOwnSwitch } from "../../features/orgs/switching.js";

/**
 * Every organization page (spec route table, /:orgSlug/…) sits under this pathless layout, which guards
 * them (spec §2, protected-route behaviour; the rules are in features/orgs/guard.ts). The invitation
 * page, /:orgSlug/invite, sits beside it: invitees are not members yet.
 */
export const Route = createFileRoute("/$orgSlug/_org")({
  beforeLoad: ({ context, location, params, preload }) =>
    guardOrganizationRoute({ queryClient: context.queryClient, location, orgSlug: params.orgSlug, preload }),
  pendingComponent: () => <PageSpinner label="Loading organization" />,
  // Sooner than the router's default second: on a first visit there is nothing else on the page yet.
  pendingMs: 300,
  component: OrganizationLayout,
});

function OrganizationLayout() {
  const organization = useRouteOrganization();
  const { data: user } = useCurrentUser();
  const router = useRouter();
  const currentOrgId = user?.currentOrgId;

  useEffect(() => {
    // The session's organization changed under this page in another tab (this one learns it when it
    // refetches the user on focus). The URL names this organization, so run the guard again: it
    // switches back. A switch made here is followed by its own navigation, and a null means the
    // organization is gone (deleted), which the deleting flow handles itself.
    if (currentOrgId == null || currentOrgId === organization.id || isOwnSwitch(currentOrgId)) return;
    void router.invalidate();
  }, [currentOrgId, organization.id, router]);

  return <Outlet />;
}
