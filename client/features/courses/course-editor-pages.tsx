import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { deadlineValuesOf, NEW_COURSE_DEADLINE } from "#client/features/training/deadline.js";
import { trpc } from "#client/lib/trpc.js";
import { DEFAULT_COURSE_STATUS } from "#shared/constants.js";
import { CourseForm } from "./course-form.js";
import { CourseLoadFailure } from "./page-state.js";
import { courseReaders, useCourse } from "./queries.js";

const COURSE_FORM_MESSAGES = {
  created: "Course created successfully!",
  createFailed: "Failed to create course. Please try again.",
  updated: "Course updated successfully!",
  updateFailed: "Failed to update course.",
} as const;

function EditorShell({ title, back, children }: { title: string; back: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      {back}
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <Card className="mt-6 p-5 sm:p-6">{children}</Card>
    </section>
  );
}

const backLinkClass =
  "inline-flex max-w-full items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export function CreateCoursePage({ orgSlug }: { orgSlug: string }) {
  const navigate = useNavigate();
  const create = useMutation(
    trpc.courses.create.mutationOptions({
      meta: {
        success: COURSE_FORM_MESSAGES.created,
        failure: COURSE_FORM_MESSAGES.createFailed,
        invalidates: courseReaders(),
      },
      onSuccess: (course) =>
        navigate({ to: "/$orgSlug/courses/$courseId", params: { orgSlug, courseId: String(course.id) } }),
    }),
  );

  return (
    <EditorShell
      title="Create Course"
      back={
        <Link to="/$orgSlug/courses" params={{ orgSlug }} className={backLinkClass}>
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          Courses
        </Link>
      }
    >
      <CourseForm
        orgSlug={orgSlug}
        defaultValues={{ title: "", description: "", status: DEFAULT_COURSE_STATUS, tagIds: [], certification: null }}
        defaultDeadline={NEW_COURSE_DEADLINE}
        submitLabel="Create Course"
        pendingLabel="Creating..."
        pending={create.isPending}
        onSubmit={(values) => create.mutate(values)}
        cancel={{ to: "/$orgSlug/courses" }}
      />
    </EditorShell>
  );
}

export function EditCoursePage({ orgSlug, courseId }: { orgSlug: string; courseId: number | null }) {
  const navigate = useNavigate();
  const course = useCourse(courseId);
  const update = useMutation(
    trpc.courses.update.mutationOptions({
      meta: {
        success: COURSE_FORM_MESSAGES.updated,
        failure: COURSE_FORM_MESSAGES.updateFailed,
        invalidates: courseReaders(),
      },
      onSuccess: (saved) =>
        navigate({ to: "/$orgSlug/courses/$courseId", params: { orgSlug, courseId: String(saved.id) } }),
    }),
  );

  if (courseId === null || course.isError) return <CourseLoadFailure orgSlug={orgSlug} error={course.error} />;

  const idParam = String(courseId);
  return (
    <EditorShell
      title="Edit Course"
      back={
        <Link to="/$orgSlug/courses/$courseId" params={{ orgSlug, courseId: idParam }} className={backLinkClass}>
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{course.data?.title ?? "Course"}</span>
        </Link>
      }
    >
      {course.isPending ? (
        <div className="flex flex-col gap-5" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        <CourseForm
          // A fresh form when a different course (or a refetched one) arrives.
          key={course.data.id}
          orgSlug={orgSlug}
          defaultValues={{
            title: course.data.title,
            description: course.data.description ?? "",
            status: course.data.status,
            tagIds: course.data.tags.map((tag) => tag.id),
            certification: course.data.certification,
          }}
          defaultDeadline={deadlineValuesOf(course.data)}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          onSubmit={(values) => update.mutate({ id: courseId, ...values })}
          cancel={{ to: "/$orgSlug/courses/$courseId", courseId: idParam }}
        />
      )}
    </EditorShell>
  );
}
