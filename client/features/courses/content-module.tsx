import type { DraggableProvidedDragHandleProps } from "@hello-pangea/dnd";
import { Link } from "@tanstack/react-router";
import { FilePenLine, Plus, Trash2 } from "lucide-react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { DragHandle, SortableList } from "#client/components/ui/sortable-list.js";
import { cn } from "#client/lib/cn.js";
import { focusTarget } from "#client/lib/focus.js";
import { InlineTitle } from "./inline-title.js";
import type { StructureModule } from "./types.js";
import type { ContentMutations } from "./use-content-mutations.js";

export const LESSON_LIST_PREFIX = "lessons-";

export interface DeleteTarget {
  kind: "module" | "lesson";
  /** The module of a lesson; the module itself for a module. */
  moduleId: number;
  id: number;
  title: string;
}

export interface ContentModuleProps {
  module: StructureModule;
  position: number;
  dragHandleProps: DraggableProvidedDragHandleProps | null;
  isDragging: boolean;
  mutations: ContentMutations;
  orgSlug: string;
  /** A new lesson opens in the editor. */
  onLessonCreated: (lessonId: number) => void;
  onDelete: (target: DeleteTarget) => void;
}

/** One module of the content screen: its drag handle, inline title, lessons (a drop list) and actions. */
export function ContentModule({
  module,
  position,
  dragHandleProps,
  isDragging,
  mutations,
  orgSlug,
  onLessonCreated,
  onDelete,
}: ContentModuleProps) {
  const adding = mutations.createLesson.isPending && mutations.createLesson.variables?.moduleId === module.id;
  return (
    <Card className={cn("overflow-hidden", isDragging && "shadow-lg ring-2 ring-brand-400")}>
      <div className="flex items-center gap-1.5 border-b border-slate-100 bg-slate-50/70 px-2 py-2 sm:gap-2 sm:px-3">
        <DragHandle handleProps={dragHandleProps} label={`Reorder module ${module.title}`} size="lg" />
        <span className="hidden shrink-0 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:inline">
          Module {position}
        </span>
        <div className="min-w-0 flex-1">
          <InlineTitle
            title={module.title}
            fieldLabel="Module title"
            onSave={(title) => mutations.renameModule(module.id, title)}
          />
        </div>
        <DeleteButton
          target={{ kind: "module", id: module.id, moduleId: module.id, title: module.title }}
          onDelete={onDelete}
        />
      </div>

      <SortableList
        listId={`${LESSON_LIST_PREFIX}${module.id}`}
        type="LESSON"
        label={`Lessons of ${module.title}`}
        items={module.lessons}
        itemId={(lesson) => `lesson-${lesson.id}`}
        className="min-h-14 px-2 py-2 transition-colors sm:px-3"
        draggingOverClassName="bg-brand-50/70"
        itemClassName="mb-1.5 flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white py-1 pr-1 pl-1 sm:gap-2"
        draggingClassName="shadow-lg ring-2 ring-brand-400"
        empty={
          <li className="flex min-h-10 items-center justify-center rounded-lg border border-dashed border-slate-300 px-3 text-center text-xs text-slate-500">
            No lessons yet. Add one, or drag a lesson here.
          </li>
        }
      >
        {(lesson, _index, drag) => (
          <>
            <DragHandle handleProps={drag.handleProps} label={`Reorder lesson ${lesson.title}`} size="sm" />
            <div className="min-w-0 flex-1">
              <InlineTitle
                title={lesson.title}
                fieldLabel="Lesson title"
                onSave={(title) => mutations.renameLesson(lesson.id, title)}
                className="text-sm font-normal text-slate-800"
              />
            </div>
            <Link
              to="/$orgSlug/lessons/$lessonId/edit"
              params={{ orgSlug, lessonId: String(lesson.id) }}
              aria-label={`Edit lesson ${lesson.title}`}
              title="Open in the editor"
              className={buttonClassName({ variant: "ghost", size: "icon-sm" })}
            >
              <FilePenLine aria-hidden="true" />
            </Link>
            <DeleteButton
              target={{ kind: "lesson", id: lesson.id, moduleId: module.id, title: lesson.title }}
              onDelete={onDelete}
            />
          </>
        )}
      </SortableList>

      <div className="border-t border-slate-100 px-2 py-2 sm:px-3">
        <Button
          variant="ghost"
          size="sm"
          loading={adding}
          aria-label={`Add Lesson to ${module.title}`}
          {...focusTarget("add-lesson", module.id)}
          onClick={() => mutations.addLesson(module.id, onLessonCreated)}
        >
          {!adding && <Plus aria-hidden="true" />}
          Add Lesson
        </Button>
      </div>
    </Card>
  );
}

/** "Delete module …" or "Delete lesson …": asks the page to confirm (its dialog). */
function DeleteButton({ target, onDelete }: { target: DeleteTarget; onDelete: (target: DeleteTarget) => void }) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Delete ${target.kind} ${target.title}`}
      onClick={() => onDelete(target)}
      className="text-slate-500 hover:text-red-600"
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
