import { createFileRoute } from "@tanstack/react-router";
import { CoursesListPage } from "../../../../features/courses/courses-list-page.js";
import { useDocumentTitle } from "../../../../lib/use-document-title.js";

export const Route = createFileRoute("/$orgSlug/_org/courses/")({
  component: CoursesRoute,
});

function CoursesRoute() {
  const { orgSlug } = Route.useParams();
  useDocumentTitle("Courses");
  return <CoursesListPage orgSlug={orgSlug} />;
}
