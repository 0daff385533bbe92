import { Link } from "@tanstack/react-router";
import { ArrowRight, CloudUpload, WifiOff } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { CourseHeading } from "#client/features/courses/course-heading.js";
import { useCourse } from "#client/features/courses/queries.js";
import { useOfflineSnapshot } from "#client/features/offline/use-offline.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { progressPercent } from "#shared/progress.js";

/**
 * "My training" while the server cannot be heard (decision 0293). Assignments and deadlines are the
 * server's, so the section says they need a connection, and shows what this device knows instead: the
 * courses saved for offline use, with their progress as the device has it (work waiting to sync included).
 */
export function TrainingOnDevice({ orgSlug }: { orgSlug: string }) {
  const organization = useRouteOrganization();
  const { pages, loaded } = useOfflineSnapshot();
  const saved = pages.filter((page) => page.kind === "course" && page.saved && page.orgId === organization.id);
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          You're offline. Your assignments and deadlines need a connection.{" "}
          {saved.length > 0
            ? "These courses are saved on this device:"
            : "Courses you make available offline will show here."}
        </span>
      </p>
      {loaded && saved.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Saved on this device">
          {saved.map((page) => (
            <li key={page.key}>
              <SavedCourseCard orgSlug={orgSlug} courseId={page.courseId} title={page.title} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One saved course: the device's copy of it, with completions made here shown as done (decision 0141). */
function SavedCourseCard({ orgSlug, courseId, title }: { orgSlug: string; courseId: number; title: string }) {
  const course = useCourse(courseId);
  const { queue } = useOfflineSnapshot();
  if (course.isPending) return <Skeleton className="h-28 w-full rounded-xl" />;
  if (course.isError) {
    return (
      <Card className="p-4 sm:p-5">
        <CourseHeading orgSlug={orgSlug} courseId={courseId} title={title} variant="row" badge={null} />
      </Card>
    );
  }
  const lessons = course.data.modules?.flatMap((module) => module.lessons) ?? [];
  const done = lessons.filter((lesson) => lesson.isCompleted).length;
  const waiting = new Set(queue.filter((action) => action.status === "pending").map((action) => action.lessonId));
  const waitingHere = lessons.filter((lesson) => waiting.has(lesson.id)).length;
  const next = lessons.find((lesson) => !lesson.isCompleted);
  const percent = progressPercent(done, lessons.length);
  const counted = `${done} of ${lessons.length} lessons`;
  const resume = done === 0 ? "Start" : "Continue";
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <CourseHeading orgSlug={orgSlug} courseId={courseId} title={course.data.title} variant="row" badge={null} />
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="tabular-nums">{counted}</span>
          {waitingHere > 0 && (
            <span className="flex items-center gap-1">
              <CloudUpload className="size-4 text-brand-600" aria-hidden="true" />
              {waitingHere} waiting to sync
            </span>
          )}
        </p>
        <ProgressBar value={percent} label={`${title} progress`} valueText={`${percent}%, ${counted}`} size="sm" />
      </div>
      {next ? (
        <Link
          to="/$orgSlug/lessons/$lessonId"
          params={{ orgSlug, lessonId: String(next.id) }}
          aria-label={`${resume}: ${title}`}
          className={buttonClassName({ size: "sm", className: "self-start sm:self-center" })}
        >
          {resume}
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <Link
          to="/$orgSlug/courses/$courseId"
          params={{ orgSlug, courseId: String(courseId) }}
          aria-label={`View course: ${title}`}
          className={buttonClassName({ variant: "outline", size: "sm", className: "self-start sm:self-center" })}
        >
          View course
        </Link>
      )}
    </Card>
  );
}
