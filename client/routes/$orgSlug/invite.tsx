import { createFileRoute, redirect } from "@tanstack/react-router";
import { InvitePage } from "#client/features/invitations/invite-page.js";
import { tokenFromSearch, tokenIsForAnotherOrganization } from "#client/features/invitations/token.js";

/**
 * /:orgSlug/invite sits beside the guarded organization layout, not in it: invitees are not members
 * yet, and many are not even signed in.
 */
export const Route = createFileRoute("/$orgSlug/invite")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: tokenFromSearch(search) }),
  beforeLoad: ({ params, search }) => {
    // docs/SPEC.md §4: a token of another organization than the URL's goes to the generic page.
    if (search.token && tokenIsForAnotherOrganization(search.token, params.orgSlug)) {
      throw redirect({ to: "/invite", search: { token: search.token }, replace: true });
    }
  },
  component: OrgInvitePage,
});

function OrgInvitePage() {
  const { token } = Route.useSearch();
  return <InvitePage token={token} />;
}
