import type { DraggableLocation, DropResult } from "@hello-pangea/dnd";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { SortableArea, SortableList } from "#client/components/ui/sortable-list.js";
import { DraftChangesPanel } from "#client/features/document-control/draft-changes-panel.js";
import { errorMessage } from "#client/lib/errors.js";
import { focusTarget, focusTargetElement } from "#client/lib/focus.js";
import { ContentModule, type DeleteTarget, LESSON_LIST_PREFIX } from "./content-module.js";
import { StatusBadge } from "./course-tags.js";
import { PageMessage } from "./page-state.js";
import { useCourse, useCourseStructure } from "./queries.js";
import type { StructureModule } from "./types.js";
import { useContentMutations } from "./use-content-mutations.js";

const MODULE_LIST = "modules";

function moduleIdOf(droppableId: string): number {
  return Number(droppableId.slice(LESSON_LIST_PREFIX.length));
}

/** Spoken to screen-reader users while they drag, in the course's own words rather than list positions. */
function dropAnnouncement(result: DropResult, modules: readonly StructureModule[]): string {
  if (!result.destination) return "Move cancelled.";
  if (result.type === "MODULE") return `Module moved to position ${result.destination.index + 1}.`;
  const target = modules.find((module) => module.id === moduleIdOf(result.destination?.droppableId ?? ""));
  return `Lesson moved to position ${result.destination.index + 1} in ${target?.title ?? "the module"}.`;
}

export function ContentPage({ orgSlug, courseId }: { orgSlug: string; courseId: number | null }) {
  const course = useCourse(courseId);
  const structure = useCourseStructure(courseId);

  const failure = courseId === null ? new Error("Course not found.") : (course.error ?? structure.error);
  if (failure) {
    return (
      <PageMessage
        title="Error Loading Content"
        message={errorMessage(failure, "Could not load the course content.")}
        back={{ orgSlug, label: "Back to Courses" }}
      />
    );
  }
  if (!course.data || !structure.data) return <ContentSkeleton />;
  return (
    <ContentEditor
      orgSlug={orgSlug}
      course={{ id: course.data.id, title: course.data.title, status: course.data.status }}
      modules={structure.data}
    />
  );
}

function ContentEditor({
  orgSlug,
  course,
  modules,
}: {
  orgSlug: string;
  course: { id: number; title: string; status: "draft" | "published" };
  modules: StructureModule[];
}) {
  const mutations = useContentMutations(course.id);
  const navigate = useNavigate();
  const openEditor = (lessonId: number) =>
    void navigate({ to: "/$orgSlug/lessons/$lessonId/edit", params: { orgSlug, lessonId: String(lessonId) } });
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const deletion = deleting?.kind === "module" ? mutations.deleteModule : mutations.deleteLesson;

  const onMove = (source: DraggableLocation, destination: DraggableLocation, type: string) => {
    if (type === "MODULE") {
      mutations.reorderModules(source.index, destination.index);
    } else {
      mutations.moveLesson(
        { moduleId: moduleIdOf(source.droppableId), index: source.index },
        { moduleId: moduleIdOf(destination.droppableId), index: destination.index },
      );
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deletion.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) });
  };

  const lessonCount = modules.reduce((sum, module) => sum + module.lessons.length, 0);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to="/$orgSlug/courses/$courseId"
        params={{ orgSlug, courseId: String(course.id) }}
        className="inline-flex max-w-full items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{course.title}</span>
      </Link>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Manage Content</h1>
            <StatusBadge status={course.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {modules.length} {modules.length === 1 ? "module" : "modules"}, {lessonCount}{" "}
            {lessonCount === 1 ? "lesson" : "lessons"}. Drag the handles to reorder, or focus one and press Space, the
            arrow keys and Space again.
          </p>
        </div>
        <Button
          {...focusTarget("add-module")}
          onClick={mutations.addModule}
          loading={mutations.createModule.isPending}
          className="self-start sm:self-auto"
        >
          {!mutations.createModule.isPending && <Plus aria-hidden="true" />}
          Add Module
        </Button>
      </div>

      {modules.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center text-sm text-slate-600">
          No modules yet. Add a module, then add lessons to it.
        </p>
      ) : (
        <SortableArea
          pickedUp={(type) => (type === "MODULE" ? "module" : "lesson")}
          dropAnnouncement={(result) => dropAnnouncement(result, modules)}
          onMove={onMove}
        >
          <SortableList
            listId={MODULE_LIST}
            type="MODULE"
            label="Modules"
            items={modules}
            itemId={(module) => `module-${module.id}`}
            className="mt-6"
            itemClassName="mb-4"
          >
            {(module, index, drag) => (
              <ContentModule
                module={module}
                position={index + 1}
                dragHandleProps={drag.handleProps}
                isDragging={drag.isDragging}
                mutations={mutations}
                orgSlug={orgSlug}
                onLessonCreated={openEditor}
                onDelete={setDeleting}
              />
            )}
          </SortableList>
        </SortableArea>
      )}

      <DraftChangesPanel courseId={course.id} published={course.status === "published"} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.kind === "module" ? "Delete this module?" : "Delete this lesson?"}
        description={
          deleting?.kind === "module"
            ? `"${deleting.title}" and all of its lessons, with everyone's progress in them, will be deleted. This cannot be undone.`
            : `"${deleting?.title ?? ""}" and everyone's progress in it will be deleted. This cannot be undone.`
        }
        confirmLabel={deleting?.kind === "module" ? "Delete Module" : "Delete Lesson"}
        pendingLabel="Deleting..."
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        // A deleted lesson's buttons are gone: its module's "Add Lesson"; after a module, "Add Module".
        returnFocus={() =>
          deleting?.kind === "lesson"
            ? focusTargetElement("add-lesson", deleting.moduleId)
            : focusTargetElement("add-module")
        }
      />
    </section>
  );
}

function ContentSkeleton() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10" aria-busy="true">
      <output className="sr-only">Loading content</output>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-full max-w-md" />
      {[0, 1].map((index) => (
        <Skeleton key={index} className="mt-6 h-40 w-full rounded-xl" />
      ))}
    </section>
  );
}
