import { createFileRoute } from "@tanstack/react-router";
import { TeamPage } from "../../../features/team/team-page.js";

export const Route = createFileRoute("/$orgSlug/_org/team")({
  component: TeamPage,
});
