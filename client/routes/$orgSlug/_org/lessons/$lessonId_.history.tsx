import { createFileRoute } from "@tanstack/react-router";
import { requireCoursePermission } from "#client/features/courses/guards.js";
import { parseId } from "#client/features/courses/queries.js";
import { LessonHistoryPage } from "#client/features/signoff/history-page.js";
import { titled } from "#client/lib/route-data.js";

/** A sign-off lesson's version history (docs/SPEC.md §7), for those who manage sign-offs. */
export const Route = createFileRoute("/$orgSlug/_org/lessons/$lessonId_/history")({
  beforeLoad: ({ context, params }) => requireCoursePermission(context.organization, params.orgSlug, "signoffs.manage"),
  head: () => titled("Version history"),
  component: LessonHistoryRoute,
});

function LessonHistoryRoute() {
  const { orgSlug, lessonId } = Route.useParams();
  return <LessonHistoryPage key={lessonId} orgSlug={orgSlug} lessonId={parseId(lessonId)} />;
}
