import { createFileRoute } from "@tanstack/react-router";
import { TagsPage } from "../../../features/tags/tags-page.js";

export const Route = createFileRoute("/$orgSlug/_org/tags")({
  component: TagsPage,
});
