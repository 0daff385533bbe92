import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { LessonLoadFailure } from "#client/features/courses/page-state.js";
import { lessonDraftQuery } from "#client/features/document-control/queries.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { trpc } from "#client/lib/trpc.js";
import { LessonEditorForm } from "./lesson-editor-form.js";

/**
 * The full-page lesson editor. It always starts from the lesson as the server holds it now, fetched when
 * the page opens: a cached copy (however recent) could be older than the last save, and editing it would
 * write the older text back (the lost edit of decision 0056).
 */
export function LessonEditorPage({ orgSlug, lessonId }: { orgSlug: string; lessonId: number | null }) {
  const lesson = useQuery({
    ...trpc.lessons.get.queryOptions({ id: lessonId ?? 0 }),
    enabled: lessonId !== null,
    staleTime: 0,
    refetchOnMount: "always",
    // The editor holds the author's text from here on; a refetch must not replace it.
    refetchOnWindowFocus: false,
    retry: false,
  });
  useScreenReady("lesson-editor", lesson.isFetchedAfterMount && lesson.data !== undefined);

  const draft = useQuery({
    ...lessonDraftQuery(lessonId ?? 0),
    enabled: lessonId !== null,
    refetchOnMount: "always",
    refetchOnWindowFocus: false,
    retry: false,
  });

  if (lessonId === null || lesson.isError) {
    return (
      <LessonLoadFailure
        orgSlug={orgSlug}
        error={lessonId === null ? null : lesson.error}
        onRetry={() => void lesson.refetch()}
      />
    );
  }
  if (!lesson.isFetchedAfterMount || !lesson.data || draft.isPending) return <EditorSkeleton />;
  return (
    <LessonEditorForm
      key={lessonId}
      orgSlug={orgSlug}
      lesson={lesson.data}
      // A published course's saves go to its draft, and the editor starts from the draft's text (decision 0390).
      drafting={lesson.data.course.status === "published" || Boolean(draft.data)}
      start={draft.data ?? lesson.data}
    />
  );
}

function EditorSkeleton() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6" aria-busy="true">
      <output className="sr-only">Loading the lesson</output>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-4 h-8 w-56" />
      <Skeleton className="mt-6 h-10 w-full" />
      <Skeleton className="mt-4 h-10 w-full" />
      <Skeleton className="mt-6 h-80 w-full rounded-xl" />
    </section>
  );
}
