import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { Textarea } from "#client/components/ui/textarea.js";
import { errorMessage } from "#client/lib/errors.js";
import { LIMITS } from "#shared/constants.js";
import { updateLessonInput } from "#shared/schemas/courses.js";
import { useLesson } from "./queries.js";
import type { StructureModule } from "./types.js";
import type { ContentMutations } from "./use-content-mutations.js";

/** The lesson fields with the shared rules and messages (docs/SPEC.md §5); the title is required here. */
const lessonFormSchema = updateLessonInput.omit({ id: true }).required({ title: true });
type LessonFormInput = z.input<typeof lessonFormSchema>;
type LessonFormValues = z.output<typeof lessonFormSchema>;

export interface LessonDialogProps {
  /** The lesson being edited; null closes the dialog. */
  lesson: { id: number; title: string } | null;
  /** The course's modules, for moving the lesson to another one. */
  modules: readonly StructureModule[];
  onClose: () => void;
  mutations: ContentMutations;
}

/**
 * Edit a lesson's title, content (HTML or Markdown) and video, and move it to another module: the
 * keyboard's way to do that, as the drag library moves items by keyboard only within one list.
 */
export function LessonDialog({ lesson, modules, onClose, mutations }: LessonDialogProps) {
  return (
    <Dialog open={lesson !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Lesson</DialogTitle>
          <DialogDescription>
            Write the lesson in HTML or Markdown and add a video link if it has one.
          </DialogDescription>
        </DialogHeader>
        {lesson && <LessonFormLoader lessonId={lesson.id} modules={modules} onClose={onClose} mutations={mutations} />}
      </DialogContent>
    </Dialog>
  );
}

interface LessonFormContext {
  lessonId: number;
  modules: readonly StructureModule[];
  onClose: () => void;
  mutations: ContentMutations;
}

function LessonFormLoader({ lessonId, modules, onClose, mutations }: LessonFormContext) {
  // The structure carries titles only; the content and video come with the lesson itself.
  const lesson = useLesson(lessonId);
  if (lesson.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorMessage(lesson.error, "Could not load the lesson.")}
      </p>
    );
  }
  if (lesson.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  return (
    <LessonForm
      lessonId={lessonId}
      modules={modules}
      defaults={{
        title: lesson.data.title,
        content: lesson.data.content ?? "",
        videoUrl: lesson.data.videoUrl ?? "",
      }}
      onClose={onClose}
      mutations={mutations}
    />
  );
}

function LessonForm({
  lessonId,
  modules,
  defaults,
  onClose,
  mutations,
}: LessonFormContext & { defaults: LessonFormInput }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LessonFormInput, unknown, LessonFormValues>({
    resolver: zodResolver(lessonFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: defaults,
  });
  const update = mutations.updateLesson;
  const moduleFieldId = useId();
  const home = modules.find((module) => module.lessons.some((lesson) => lesson.id === lessonId));
  const [targetModuleId, setTargetModuleId] = useState(home?.id ?? 0);
  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { id: lessonId, ...values },
      {
        onSuccess: () => {
          const target = modules.find((module) => module.id === targetModuleId);
          const from = home?.lessons.findIndex((lesson) => lesson.id === lessonId) ?? -1;
          // Moved after the save, to the end of the chosen module, through the same reorder call as a drag.
          if (home && target && target.id !== home.id && from >= 0) {
            mutations.moveLesson(
              { moduleId: home.id, index: from },
              { moduleId: target.id, index: target.lessons.length },
            );
          }
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormField label="Title" error={errors.title?.message}>
        {(field) => (
          // The form appears once the lesson has loaded, after the dialog has focused what it had: a
          // dialog opens with focus in its first field.
          <Input {...field} {...register("title")} maxLength={LIMITS.lessonTitleMax} autoFocus />
        )}
      </FormField>
      <FormField
        label="Content"
        error={errors.content?.message}
        hint="HTML or Markdown. Markdown is turned into formatted text when you save; scripts are removed."
      >
        {(field) => (
          <Textarea
            {...field}
            {...register("content")}
            rows={10}
            className="font-mono text-sm sm:text-[13px]"
            placeholder={"## Steps\n\n1. Check the area\n2. ..."}
          />
        )}
      </FormField>
      <FormField
        label="Video URL"
        error={errors.videoUrl?.message}
        hint="YouTube, Vimeo, Loom and Wistia links play in the lesson; other links are shown as a link."
      >
        {(field) => (
          <Input
            {...field}
            {...register("videoUrl")}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=..."
          />
        )}
      </FormField>
      {modules.length > 1 && home && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={moduleFieldId}>Module</Label>
          <select
            id={moduleFieldId}
            value={targetModuleId}
            onChange={(event) => setTargetModuleId(Number(event.target.value))}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25 sm:text-sm"
          >
            {modules.map((module) => (
              <option key={module.id} value={module.id}>
                {module.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? "Saving..." : "Save Lesson"}
        </Button>
      </DialogFooter>
    </form>
  );
}
