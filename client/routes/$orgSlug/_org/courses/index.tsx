import { createFileRoute } from "@tanstack/react-router";
import { CoursesListPage } from "#client/features/courses/courses-list-page.js";
import { coursePagesQuery } from "#client/features/courses/queries.js";
import { deniedSearch } from "#client/features/orgs/denied.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { myTrainingQuery } from "#client/features/training/queries.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/")({
  validateSearch: deniedSearch,
  // The cards show each course's tags by name and colour, and the caller's progress in their own courses.
  loader: ({ context: { queryClient } }) =>
    ensurePageData([
      queryClient.ensureInfiniteQueryData(coursePagesQuery()),
      queryClient.ensureQueryData(tagTreeQuery()),
      queryClient.ensureQueryData(myTrainingQuery()),
    ]),
  head: () => titled("Courses"),
  component: CoursesRoute,
});

function CoursesRoute() {
  const { orgSlug } = Route.useParams();
  const { denied } = Route.useSearch();
  return <CoursesListPage orgSlug={orgSlug} denied={denied} />;
}
