import { createFileRoute } from "@tanstack/react-router";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { membersPageQuery } from "#client/features/team/admin-queries.js";
import { TeamPage } from "#client/features/team/team-page.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/team")({
  // "Open on the team page" from a report names the person: the search starts with them.
  validateSearch: (search: Record<string, unknown>): { search?: string } =>
    typeof search.search === "string" && search.search.trim() !== "" ? { search: search.search.slice(0, 255) } : {},
  // The first page of members; the tags give a role its colour on a card whose member does not hold its department.
  loader: ({ context: { queryClient } }) =>
    ensurePageData([
      queryClient.ensureInfiniteQueryData(membersPageQuery({})),
      queryClient.ensureQueryData(tagTreeQuery()),
    ]),
  head: () => titled("Team"),
  component: TeamRoute,
});

function TeamRoute() {
  const { search } = Route.useSearch();
  // A new search in the address starts the page afresh with it.
  return <TeamPage key={search ?? ""} initialSearch={search ?? ""} />;
}
