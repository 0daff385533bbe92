import { Link } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, ChevronRight, CircleCheck, Eye, Flag, Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { useCompleteLesson } from "#client/features/offline/complete-lesson.js";
import { OfflineVideoNote } from "#client/features/offline/offline-video-note.js";
import { WaitingToSync } from "#client/features/offline/waiting-to-sync.js";
import { KnowledgeCheck } from "#client/features/quizzes/knowledge-check.js";
import { ScormPlayer } from "#client/features/scorm/scorm-player.js";
import { ChangesSinceSigned, SignoffBadge, SignPanel } from "#client/features/signoff/sign-panel.js";
import {
  LessonLanguageBar,
  readerContentLanguage,
  useLessonInLanguage,
} from "#client/features/translations/lesson-language.js";
import { cn } from "#client/lib/cn.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { LessonContent, LessonVideo } from "./lesson-body.js";
import { LessonLoadFailure } from "./page-state.js";
import { useLesson } from "./queries.js";
import type { LessonPageData } from "./types.js";
import { useCan } from "./use-org-role.js";

const crumbClass =
  "min-w-0 truncate rounded hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export interface LessonPageProps {
  orgSlug: string;
  lessonId: number | null;
  /** Shown as a learner sees it: no editing and no completing, Previous/Next stay in the preview. */
  preview?: boolean;
}

export function LessonPage({ orgSlug, lessonId, preview = false }: LessonPageProps) {
  const lesson = useLesson(lessonId);
  useScreenReady("lesson", lesson.isSuccess);
  // In the reader's language where a current translation exists (decision 0413); the preview shows the original.
  const [showingOriginal, setShowingOriginal] = useState(false);
  const inLanguage = useLessonInLanguage(lessonId, preview ? null : readerContentLanguage());

  if (lessonId === null || lesson.isError) {
    return (
      <LessonLoadFailure
        orgSlug={orgSlug}
        error={lessonId === null ? null : lesson.error}
        onRetry={() => void lesson.refetch()}
      />
    );
  }
  if (lesson.isPending) return <LessonSkeleton />;
  const translated = !showingOriginal && inLanguage.data?.language ? inLanguage.data : null;
  const languageBar = (
    <LessonLanguageBar answer={inLanguage.data} showingOriginal={showingOriginal} onShowOriginal={setShowingOriginal} />
  );
  return (
    <LessonView orgSlug={orgSlug} lesson={translated ?? lesson.data} preview={preview} languageBar={languageBar} />
  );
}

function LessonView({
  orgSlug,
  lesson,
  preview,
  languageBar,
}: {
  orgSlug: string;
  lesson: LessonPageData;
  preview: boolean;
  languageBar?: ReactNode;
}) {
  const courseId = String(lesson.course.id);
  const canEdit = useCan("courses.edit");
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      {preview && <PreviewBanner orgSlug={orgSlug} lessonId={lesson.id} canEdit={canEdit} />}
      <nav aria-label="Breadcrumb">
        <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
          <li className="flex min-w-0 max-w-full items-center">
            <Link to="/$orgSlug/courses/$courseId" params={{ orgSlug, courseId }} className={crumbClass}>
              {lesson.course.title}
            </Link>
          </li>
          <li className="flex min-w-0 max-w-full items-center gap-1.5">
            <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <Link
              to="/$orgSlug/courses/$courseId"
              params={{ orgSlug, courseId }}
              hash={`module-${lesson.module.id}`}
              className={crumbClass}
            >
              {lesson.module.title}
            </Link>
          </li>
          <li className="flex min-w-0 max-w-full items-center gap-1.5">
            <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <Link
              to="/$orgSlug/lessons/$lessonId"
              params={{ orgSlug, lessonId: String(lesson.id) }}
              aria-current="page"
              className={cn(crumbClass, "font-medium text-slate-900")}
            >
              {lesson.title}
            </Link>
          </li>
        </ol>
      </nav>

      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{lesson.title}</h1>
          {lesson.requiresSignoff && !preview && <SignoffBadge lessonId={lesson.id} />}
          {lesson.isCompleted && !lesson.requiresSignoff && (
            <Badge className="mt-2 bg-emerald-50 text-emerald-700 ring-emerald-200">
              <CircleCheck className="size-3.5" aria-hidden="true" />
              Completed
            </Badge>
          )}
          <WaitingToSync lessonId={lesson.id} className="mt-2 ml-2" />
        </div>
        {!preview && canEdit && (
          <Link
            to="/$orgSlug/lessons/$lessonId/edit"
            params={{ orgSlug, lessonId: String(lesson.id) }}
            className={buttonClassName({ variant: "outline", className: "self-start" })}
          >
            <Pencil aria-hidden="true" />
            Edit Lesson
          </Link>
        )}
      </header>

      {languageBar}

      {(lesson.embedUrl || lesson.videoUrl) && (
        <div className="mt-6">
          <LessonVideo title={lesson.title} videoUrl={lesson.videoUrl} embedUrl={lesson.embedUrl} />
          <OfflineVideoNote />
        </div>
      )}

      {lesson.requiresSignoff && !preview && <ChangesSinceSigned lesson={lesson} />}

      {lesson.scorm ? (
        // A SCORM lesson plays its package, which completes it (decision 0334): no "Mark as Complete".
        <ScormPlayer lessonId={lesson.id} lessonTitle={lesson.title} />
      ) : (
        <Card className="mt-6 p-5 sm:p-8">
          {lesson.content ? (
            <LessonContent html={lesson.content} />
          ) : (
            <p className="text-sm text-slate-500">This lesson has no written content.</p>
          )}
        </Card>
      )}

      {/* Completing comes after what it completes, as the check and the sign-off do: a sign-off lesson is
          completed by signing it (decision 0101), one with a knowledge check by passing it (decision 0110). */}
      {!preview && !lesson.requiresSignoff && !lesson.quiz && !lesson.scorm && <CompletionPanel lesson={lesson} />}

      {/* The check before the sign-off: the learner answers, then signs what they have understood. */}
      {lesson.quiz && (
        <KnowledgeCheck
          lessonId={lesson.id}
          lessonTitle={lesson.title}
          check={lesson.quiz}
          preview={preview}
          signaturePending={lesson.requiresSignoff && !lesson.isCompleted}
        />
      )}
      {lesson.requiresSignoff && !preview && <SignPanel lesson={lesson} />}

      <LessonNavigation orgSlug={orgSlug} lesson={lesson} preview={preview} />
    </article>
  );
}

/** "Mark as Complete" (docs/SPEC.md §2 "Lesson page") below the lesson's content, saying what it records. */
function CompletionPanel({ lesson }: { lesson: LessonPageData }) {
  // Through the device's queue, so that it works offline (decision 0140); the course readers are refetched.
  const complete = useCompleteLesson();
  return (
    <section
      aria-label="Completion"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-xs sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-700">
        {lesson.isCompleted
          ? "You have completed this lesson."
          : "Finished the lesson? Mark it complete to count it in your course progress."}
      </p>
      <Button
        variant={lesson.isCompleted ? "outline" : "primary"}
        // No undo (docs/SPEC.md §4): once done, the button stays disabled.
        disabled={lesson.isCompleted}
        loading={complete.isPending}
        onClick={() => complete.mutate(lesson)}
        className="self-start"
      >
        {!complete.isPending && <CircleCheck aria-hidden="true" />}
        Mark as Complete
      </Button>
    </section>
  );
}

function PreviewBanner({ orgSlug, lessonId, canEdit }: { orgSlug: string; lessonId: number; canEdit: boolean }) {
  return (
    <div className="mb-5 flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        Preview: this is the lesson as a learner sees it.
      </p>
      {canEdit && (
        <Link
          to="/$orgSlug/lessons/$lessonId/edit"
          params={{ orgSlug, lessonId: String(lessonId) }}
          className={buttonClassName({ variant: "outline", size: "sm", className: "self-start sm:self-auto" })}
        >
          <Pencil aria-hidden="true" />
          Back to Editor
        </Link>
      )}
    </div>
  );
}

function LessonNavigation({ orgSlug, lesson, preview }: { orgSlug: string; lesson: LessonPageData; preview: boolean }) {
  const search = preview ? { preview: true } : {};
  const cardClass =
    "flex min-w-0 flex-1 items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xs hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
  return (
    <nav aria-label="Lesson navigation" className="mt-8 flex flex-col gap-3 sm:flex-row">
      {lesson.prevLesson ? (
        <Link
          to="/$orgSlug/lessons/$lessonId"
          params={{ orgSlug, lessonId: String(lesson.prevLesson.id) }}
          search={search}
          rel="prev"
          className={cardClass}
        >
          <ArrowLeft className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-medium text-slate-600">Previous</span>
            <span className="truncate text-sm font-medium text-slate-900">{lesson.prevLesson.title}</span>
          </span>
        </Link>
      ) : (
        <span className="hidden flex-1 sm:block" />
      )}
      {lesson.nextLesson ? (
        <Link
          to="/$orgSlug/lessons/$lessonId"
          params={{ orgSlug, lessonId: String(lesson.nextLesson.id) }}
          search={search}
          rel="next"
          className={cn(cardClass, "justify-end text-right")}
        >
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-medium text-slate-600">Next</span>
            <span className="truncate text-sm font-medium text-slate-900">{lesson.nextLesson.title}</span>
          </span>
          <ArrowRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        </Link>
      ) : (
        <Link
          to="/$orgSlug/courses/$courseId"
          params={{ orgSlug, courseId: String(lesson.course.id) }}
          // Only in a row: in the phones' column, flex-1 (a zero basis) squashed the button below its height.
          className={buttonClassName({ variant: "secondary", size: "lg", className: "sm:flex-1" })}
        >
          <Flag aria-hidden="true" />
          Back to Course
        </Link>
      )}
    </nav>
  );
}

function LessonSkeleton() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10" aria-busy="true">
      <output className="sr-only">Loading lesson</output>
      <Skeleton className="h-4 w-64 max-w-full" />
      <Skeleton className="mt-5 h-8 w-2/3" />
      <Skeleton className="mt-6 aspect-video w-full rounded-xl" />
      <Skeleton className="mt-6 h-48 w-full rounded-xl" />
    </section>
  );
}
