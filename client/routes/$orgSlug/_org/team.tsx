import { createFileRoute } from "@tanstack/react-router";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { membersQuery } from "#client/features/team/queries.js";
import { TeamPage } from "#client/features/team/team-page.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/team")({
  // The tags give a role its colour on a card whose member does not hold its department.
  loader: ({ context: { queryClient } }) =>
    ensurePageData([queryClient.ensureQueryData(membersQuery()), queryClient.ensureQueryData(tagTreeQuery())]),
  head: () => titled("Team"),
  component: TeamPage,
});
