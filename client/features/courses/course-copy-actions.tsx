import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Copy, Eye } from "lucide-react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { trpc } from "#client/lib/trpc.js";
import { courseReaders } from "./queries.js";
import type { CourseDetail } from "./types.js";

/** The first lesson in outline order, where a preview of the course starts. */
function firstLessonId(course: CourseDetail): number | null {
  for (const module of course.modules ?? []) {
    const lesson = module.lessons[0];
    if (lesson) return lesson.id;
  }
  return null;
}

/** "Preview as Learner": the course's first lesson as a learner sees it (no editing, no completing). */
export function PreviewCourseLink({ orgSlug, course }: { orgSlug: string; course: CourseDetail }) {
  const lessonId = firstLessonId(course);
  if (lessonId === null) return null;
  return (
    <Link
      to="/$orgSlug/lessons/$lessonId"
      params={{ orgSlug, lessonId: String(lessonId) }}
      search={{ preview: true }}
      className={buttonClassName({ variant: "outline" })}
    >
      <Eye aria-hidden="true" />
      Preview as Learner
    </Link>
  );
}

/** Copies the course (modules, lessons, images, tags) as a draft "… (copy)" and opens the copy. */
export function DuplicateCourseButton({ orgSlug, courseId }: { orgSlug: string; courseId: number }) {
  const navigate = useNavigate();
  const duplicate = useMutation(
    trpc.courses.duplicate.mutationOptions({
      meta: {
        success: "Course duplicated successfully!",
        failure: "Failed to duplicate course.",
        invalidates: courseReaders(),
      },
      onSuccess: (copy) =>
        void navigate({ to: "/$orgSlug/courses/$courseId", params: { orgSlug, courseId: String(copy.id) } }),
    }),
  );
  return (
    <Button variant="outline" loading={duplicate.isPending} onClick={() => duplicate.mutate({ id: courseId })}>
      {!duplicate.isPending && <Copy aria-hidden="true" />}
      Duplicate Course
    </Button>
  );
}
