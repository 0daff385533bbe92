import { createFileRoute } from "@tanstack/react-router";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { membersPageQuery } from "#client/features/team/admin-queries.js";
import { TeamPage } from "#client/features/team/team-page.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/team")({
  // The first page of members; the tags give a role its colour on a card whose member does not hold its department.
  loader: ({ context: { queryClient } }) =>
    ensurePageData([
      queryClient.ensureInfiniteQueryData(membersPageQuery({})),
      queryClient.ensureQueryData(tagTreeQuery()),
    ]),
  head: () => titled("Team"),
  component: TeamPage,
});
