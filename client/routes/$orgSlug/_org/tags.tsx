import { createFileRoute } from "@tanstack/react-router";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { TagsPage } from "#client/features/tags/tags-page.js";
import { ensurePageData, titled } from "#client/lib/route-data.js";

export const Route = createFileRoute("/$orgSlug/_org/tags")({
  loader: ({ context: { queryClient } }) => ensurePageData([queryClient.ensureQueryData(tagTreeQuery())]),
  head: () => titled("Departments & Roles"),
  component: TagsPage,
});
