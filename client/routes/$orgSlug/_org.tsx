import { createFileRoute, Outlet } from "@tanstack/react-router";
import { requireSignedIn } from "../../features/auth/current-user.js";

/**
 * Every organization page (spec route table, /:orgSlug/…) sits under this pathless layout, which guards
 * them. The invitation page, /:orgSlug/invite, sits beside it: invitees are not members yet.
 */
export const Route = createFileRoute("/$orgSlug/_org")({
  beforeLoad: async ({ context, location }) => {
    await requireSignedIn(context.queryClient, location);
  },
  component: Outlet,
});
