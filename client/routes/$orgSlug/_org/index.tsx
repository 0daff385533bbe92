import { createFileRoute, redirect } from "@tanstack/react-router";

/** /:orgSlug on its own is the organization's home: its dashboard (the guard above has run by now). */
export const Route = createFileRoute("/$orgSlug/_org/")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/$orgSlug/dashboard", params: { orgSlug: params.orgSlug } });
  },
});
