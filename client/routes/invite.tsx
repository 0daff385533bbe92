import { createFileRoute } from "@tanstack/react-router";
import { InvitePage } from "#client/features/invitations/invite-page.js";
import { tokenFromSearch } from "#client/features/invitations/token.js";

/** The generic invitation page, for a token whose organization is not the one in a link's path. */
export const Route = createFileRoute("/invite")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: tokenFromSearch(search) }),
  component: GenericInvitePage,
});

function GenericInvitePage() {
  const { token } = Route.useSearch();
  return <InvitePage token={token} />;
}
