import { Link } from "@tanstack/react-router";
import { ArrowLeft, LayoutList, Pencil } from "lucide-react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { PermissionNote } from "#client/components/ui/permission-note.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { OfflineCourseControl } from "#client/features/offline/offline-course-control.js";
import { ResignNotice } from "#client/features/signoff/resign-notice.js";
import { AssignmentsCard } from "#client/features/training/assignments-card.js";
import { CourseTrainingNote } from "#client/features/training/course-training-note.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { onlyWhoMay } from "#shared/permission-texts.js";
import { DuplicateCourseButton, PreviewCourseLink } from "./course-copy-actions.js";
import { CourseProgress, courseProgress } from "./course-progress.js";
import { CourseTagList, StatusBadge } from "./course-tags.js";
import { DeleteCourseButton } from "./delete-course-button.js";
import { ModuleOutline } from "./module-outline.js";
import { CourseLoadFailure } from "./page-state.js";
import { useCourse } from "./queries.js";
import { nextLessonOf, ResumeLink } from "./resume-link.js";
import { useCan } from "./use-org-role.js";

const backLinkClass =
  "inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export function CourseDetailPage({ orgSlug, courseId }: { orgSlug: string; courseId: number | null }) {
  const course = useCourse(courseId);
  useScreenReady("course", course.isSuccess);
  const canEdit = useCan("courses.edit");
  const canDelete = useCan("courses.delete");
  const canAssign = useCan("training.assign");
  const canCreate = useCan("courses.create");

  if (courseId === null || course.isError) {
    return (
      <CourseLoadFailure orgSlug={orgSlug} error={course.error}>
        <Button onClick={() => void course.refetch()}>Try Again</Button>
      </CourseLoadFailure>
    );
  }
  if (course.isPending) return <CourseDetailSkeleton />;

  const data = course.data;
  const modules = data.modules ?? [];
  const idParam = String(data.id);
  const progress = courseProgress(modules);
  const nextLesson = nextLessonOf(modules);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/$orgSlug/courses" params={{ orgSlug }} className={backLinkClass}>
        <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
        Courses
      </Link>

      <header className="mt-3 flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {data.title}
          </h1>
          <StatusBadge status={data.status} />
        </div>
        {data.description && (
          <p className="max-w-prose break-words whitespace-pre-line text-slate-700">{data.description}</p>
        )}
        <CourseTagList tags={data.tags} />
        <OfflineCourseControl courseId={data.id} />
        {(canEdit || canDelete || canCreate) && (
          <div className="flex flex-wrap gap-2">
            {canEdit && (
              <>
                <Link
                  to="/$orgSlug/courses/$courseId/edit"
                  params={{ orgSlug, courseId: idParam }}
                  className={buttonClassName({ variant: "outline" })}
                >
                  <Pencil aria-hidden="true" />
                  Edit Course
                </Link>
                <Link
                  to="/$orgSlug/courses/$courseId/content"
                  params={{ orgSlug, courseId: idParam }}
                  className={buttonClassName({ variant: "outline" })}
                >
                  <LayoutList aria-hidden="true" />
                  Manage Content
                </Link>
                <PreviewCourseLink orgSlug={orgSlug} course={data} />
              </>
            )}
            {canCreate && <DuplicateCourseButton orgSlug={orgSlug} courseId={data.id} />}
            {canDelete && <DeleteCourseButton course={data} orgSlug={orgSlug} />}
          </div>
        )}
        {canEdit && !canDelete && <PermissionNote>{onlyWhoMay("courses.delete")}</PermissionNote>}
      </header>

      <Card className="mt-8 flex flex-col gap-4 p-5 sm:p-6">
        <CourseTrainingNote course={data} />
        <ResignNotice orgSlug={orgSlug} courseId={data.id} />
        <CourseProgress progress={progress} />
        {nextLesson !== null && (
          <ResumeLink
            orgSlug={orgSlug}
            courseTitle={data.title}
            lessonId={nextLesson}
            started={progress.completed > 0}
            className="self-start"
          />
        )}
      </Card>

      <h2 className="mt-10 text-lg font-semibold text-slate-900">Modules</h2>
      {modules.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-sm text-slate-600">
          This course has no modules yet.
          {canEdit && " Use Manage Content to add modules and lessons."}
        </p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {modules.map((module, index) => (
            <li key={module.id}>
              <ModuleOutline module={module} position={index + 1} orgSlug={orgSlug} />
            </li>
          ))}
        </ol>
      )}

      {canAssign && (
        <div className="mt-10">
          <AssignmentsCard courseId={data.id} />
        </div>
      )}
    </section>
  );
}

function CourseDetailSkeleton() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10" aria-busy="true">
      <output className="sr-only">Loading course</output>
      <Skeleton className="h-4 w-20" />
      <Skeleton className="mt-4 h-8 w-2/3" />
      <Skeleton className="mt-4 h-4 w-full max-w-prose" />
      <Skeleton className="mt-2 h-4 w-1/2" />
      <Skeleton className="mt-8 h-28 w-full rounded-xl" />
      <Skeleton className="mt-10 h-20 w-full rounded-xl" />
      <Skeleton className="mt-3 h-20 w-full rounded-xl" />
    </section>
  );
}
