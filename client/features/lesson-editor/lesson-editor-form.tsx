import { Link, useBlocker } from "@tanstack/react-router";
import { ArrowLeft, Eye } from "lucide-react";
import { useId, useState } from "react";
import { buttonClassName } from "#client/components/ui/button.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { LessonVideo } from "#client/features/courses/lesson-body.js";
import type { LessonPageData } from "#client/features/courses/types.js";
import { DraftNotice } from "#client/features/document-control/draft-notice.js";
import { CheckBuilder } from "#client/features/quizzes/check-builder.js";
import { ScormUpload } from "#client/features/scorm/scorm-upload.js";
import { SignoffEditorPanel } from "#client/features/signoff/editor-panel.js";
import { useDebouncedValue } from "#client/lib/use-debounced-value.js";
import { LIMITS } from "#shared/constants.js";
import { embedUrlFor } from "#shared/video-embed.js";
import { ConflictDialog } from "./conflict-dialog.js";
import { ModuleField } from "./module-field.js";
import { RichTextEditor } from "./rich-text-editor.js";
import { SaveStatus } from "./save-status.js";
import { storedLesson, useLessonAutosave } from "./use-lesson-autosave.js";

const LEAVE_UNSAVED_QUESTION = "Your latest changes could not be saved. Leave this page and lose them?";

/** The player, or link, the lesson will show for this address, once typing pauses. */
function VideoPreview({ title, videoUrl }: { title: string; videoUrl: string }) {
  const settled = useDebouncedValue(videoUrl.trim(), 400);
  if (!/^https?:\/\/\S+$/i.test(settled)) return null;
  return (
    <div className="mt-2 max-w-xl">
      <LessonVideo title={title} videoUrl={settled} embedUrl={embedUrlFor(settled)} />
    </div>
  );
}

/**
 * `start` is the lesson as stored, or its draft's text on a published course; `drafting` sends the saves
 * to the course's draft (docs/decisions/0390-course-drafts.md).
 */
export function LessonEditorForm({
  orgSlug,
  lesson,
  drafting,
  start,
}: {
  orgSlug: string;
  lesson: LessonPageData;
  drafting: boolean;
  start: Parameters<typeof storedLesson>[0];
}) {
  const autosave = useLessonAutosave(lesson.id, storedLesson(start), drafting);
  const [title, setTitle] = useState(start.title);
  const [videoUrl, setVideoUrl] = useState(start.videoUrl ?? "");
  // The editor starts from this; a new key remounts it on other content (their version of a conflict).
  const [editorStart, setEditorStart] = useState({ key: 0, html: start.content ?? "" });
  const contentLabelId = useId();
  const courseId = lesson.course.id;

  // Leaving inside the app: what is unsaved is saved first; only when that fails does the author decide.
  useBlocker({
    shouldBlockFn: async () => {
      if (!autosave.hasUnsaved()) return false;
      if (await autosave.saveNow()) return false;
      return !window.confirm(LEAVE_UNSAVED_QUESTION);
    },
    // Closing the tab cannot wait for a save: the browser asks, and the page-hide save runs meanwhile.
    enableBeforeUnload: () => autosave.hasUnsaved(),
  });

  const conflict = autosave.state.kind === "conflict" ? autosave.state.theirs : null;

  return (
    <section className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to="/$orgSlug/courses/$courseId/content"
        params={{ orgSlug, courseId: String(courseId) }}
        className="inline-flex max-w-full items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{lesson.course.title}: Manage Content</span>
      </Link>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Lesson</h1>
        <div className="flex flex-wrap items-center gap-3">
          <SaveStatus state={autosave.state} onRetry={() => void autosave.saveNow()} />
          <Link
            to="/$orgSlug/lessons/$lessonId"
            params={{ orgSlug, lessonId: String(lesson.id) }}
            search={{ preview: true }}
            className={buttonClassName({ variant: "outline", size: "sm" })}
          >
            <Eye aria-hidden="true" />
            Preview as Learner
          </Link>
        </div>
      </div>

      {drafting && <DraftNotice orgSlug={orgSlug} courseId={courseId} />}

      <div className="mt-6 grid gap-5 sm:grid-cols-[1fr_16rem]">
        <FormField label="Title">
          {(field) => (
            <Input
              {...field}
              value={title}
              maxLength={LIMITS.lessonTitleMax}
              onChange={(event) => {
                setTitle(event.target.value);
                autosave.change({ title: event.target.value });
              }}
            />
          )}
        </FormField>
        <ModuleField courseId={courseId} lessonId={lesson.id} />
      </div>

      <SignoffEditorPanel
        orgSlug={orgSlug}
        lessonId={lesson.id}
        initiallyRequired={lesson.requiresSignoff}
        autosave={autosave}
        drafting={drafting}
      />

      <FormField
        className="mt-5"
        label="Video URL"
        hint="YouTube, Vimeo, Loom and Wistia links play in the lesson; other links are shown as a link."
      >
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            value={videoUrl}
            placeholder="https://www.youtube.com/watch?v=..."
            onChange={(event) => {
              setVideoUrl(event.target.value);
              autosave.change({ videoUrl: event.target.value });
            }}
          />
        )}
      </FormField>
      <VideoPreview title={title} videoUrl={videoUrl} />

      <div className="mt-5 flex flex-col gap-1.5">
        <span id={contentLabelId} className="text-sm font-medium text-slate-800">
          Content
        </span>
        <RichTextEditor
          key={editorStart.key}
          initialHtml={editorStart.html}
          courseId={courseId}
          labelledBy={contentLabelId}
          onChange={(content) => autosave.change({ content })}
        />
        <p className="text-xs text-slate-500">
          Saved as you type. Alt+F10 moves to the formatting toolbar; paste or drop screenshots into the text.
        </p>
      </div>

      <CheckBuilder lessonId={lesson.id} />
      <ScormUpload lessonId={lesson.id} />

      <ConflictDialog
        theirs={conflict}
        onKeepMine={autosave.keepMine}
        onTakeTheirs={(theirs) => {
          autosave.takeTheirs(theirs);
          setTitle(theirs.title);
          setVideoUrl(theirs.videoUrl);
          setEditorStart((start) => ({ key: start.key + 1, html: theirs.content }));
        }}
      />
    </section>
  );
}
