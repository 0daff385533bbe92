import { useRef } from "react";
import { DEFAULT_LESSON_TITLE, DEFAULT_MODULE_TITLE } from "../../../shared/constants.js";
import { errorMessage } from "../../lib/errors.js";
import { toast } from "../../lib/toast.js";
import { trpc } from "../../lib/trpc.js";
import { moveLesson, moveModule, positionsOf } from "./content-order.js";
import type { StructureModule } from "./types.js";

export const CONTENT_MESSAGES = {
  modulesReordered: "Modules reordered successfully!",
  lessonsReordered: "Lessons reordered successfully!",
  moduleCreated: "Module created successfully!",
  moduleUpdated: "Module updated successfully!",
  moduleDeleted: "Module deleted successfully!",
  lessonCreated: "Lesson created successfully!",
  lessonUpdated: "Lesson updated successfully!",
  lessonDeleted: "Lesson deleted successfully!",
  lessonMoved: (moduleTitle: string) => `Lesson moved to ${moduleTitle}`,
  reorderModulesFailed: "Failed to reorder modules.",
  reorderLessonsFailed: "Failed to reorder lessons.",
  createModuleFailed: "Failed to create module.",
  updateModuleFailed: "Failed to update module.",
  deleteModuleFailed: "Failed to delete module.",
  createLessonFailed: "Failed to create lesson.",
  updateLessonFailed: "Failed to update lesson.",
  deleteLessonFailed: "Failed to delete lesson.",
} as const;

const M = CONTENT_MESSAGES;

/**
 * Every write of the content screen. The course structure in the query cache is what the screen draws:
 * reorders and renames change it at once (optimistic, spec §4) and the server's answer or a refetch
 * replaces it; on an error the screen goes back to what the server holds.
 */
export function useContentMutations(courseId: number) {
  const utils = trpc.useUtils();
  const key = { courseId };
  // Reorders still on their way: only the last answer may replace the screen, or a quick second drag
  // would flash back to the state after the first.
  const reordersInFlight = useRef(0);

  /** The detail page, lesson pages (titles, Previous/Next) and the list read what changed. */
  const refreshReaders = () => {
    void utils.courses.get.invalidate({ id: courseId });
    void utils.lessons.get.invalidate();
  };
  const refreshAll = () => {
    void utils.courses.structure.invalidate(key);
    refreshReaders();
  };
  const optimistic = (update: (modules: StructureModule[]) => StructureModule[] | null) => {
    void utils.courses.structure.cancel(key);
    const current = utils.courses.structure.getData(key);
    const next = current ? update(current) : null;
    if (next) utils.courses.structure.setData(key, next);
    return next;
  };
  const settleReorder = (structure: StructureModule[] | undefined) => {
    reordersInFlight.current -= 1;
    if (reordersInFlight.current === 0 && structure) utils.courses.structure.setData(key, structure);
    refreshReaders();
  };
  const revert = (error: unknown, fallback: string) => {
    toast.error(errorMessage(error, fallback));
    refreshAll();
  };

  const reorderModulesCall = trpc.modules.reorder.useMutation({
    onSuccess: (structure) => {
      settleReorder(structure);
      toast.success(M.modulesReordered);
    },
    onError: (error) => {
      settleReorder(undefined);
      revert(error, M.reorderModulesFailed);
    },
  });
  const reorderLessonsCall = trpc.lessons.reorder.useMutation({
    onSuccess: (structure) => {
      settleReorder(structure);
      toast.success(M.lessonsReordered);
    },
    onError: (error) => {
      settleReorder(undefined);
      revert(error, M.reorderLessonsFailed);
    },
  });

  const createModule = trpc.modules.create.useMutation({
    onSuccess: () => {
      toast.success(M.moduleCreated);
      refreshAll();
    },
    onError: (error) => toast.error(errorMessage(error, M.createModuleFailed)),
  });
  const updateModule = trpc.modules.update.useMutation({
    onSuccess: () => {
      toast.success(M.moduleUpdated);
      refreshReaders();
    },
    onError: (error) => revert(error, M.updateModuleFailed),
  });
  const deleteModule = trpc.modules.delete.useMutation({
    onSuccess: () => {
      toast.success(M.moduleDeleted);
      refreshAll();
    },
    onError: (error) => toast.error(errorMessage(error, M.deleteModuleFailed)),
  });
  const createLesson = trpc.lessons.create.useMutation({
    onSuccess: () => {
      toast.success(M.lessonCreated);
      refreshAll();
    },
    onError: (error) => toast.error(errorMessage(error, M.createLessonFailed)),
  });
  const updateLesson = trpc.lessons.update.useMutation({
    onSuccess: () => {
      toast.success(M.lessonUpdated);
      refreshAll();
    },
    onError: (error) => toast.error(errorMessage(error, M.updateLessonFailed)),
  });
  const deleteLesson = trpc.lessons.delete.useMutation({
    onSuccess: () => {
      toast.success(M.lessonDeleted);
      refreshAll();
    },
    onError: (error) => toast.error(errorMessage(error, M.deleteLessonFailed)),
  });

  return {
    reorderModules(from: number, to: number) {
      // What this screen saw: the server refuses the reorder if someone else changed the order meanwhile.
      const expectedOrder = utils.courses.structure.getData(key)?.map((module) => module.id);
      const next = optimistic((modules) => moveModule(modules, from, to));
      if (!next) return;
      reordersInFlight.current += 1;
      reorderModulesCall.mutate({ courseId, modules: positionsOf(next), expectedOrder });
    },
    /** Within a module or into another: one lessons/reorder call naming the target module's new list. */
    moveLesson(from: { moduleId: number; index: number }, to: { moduleId: number; index: number }) {
      void utils.courses.structure.cancel(key);
      const current = utils.courses.structure.getData(key);
      const move = current ? moveLesson(current, from, to) : null;
      if (!move) return;
      const expectedOrder = current?.find((module) => module.id === move.target.id)?.lessons.map((lesson) => lesson.id);
      utils.courses.structure.setData(key, move.modules);
      reordersInFlight.current += 1;
      const crossed = from.moduleId !== to.moduleId;
      reorderLessonsCall.mutate(
        { moduleId: move.target.id, lessons: positionsOf(move.target.lessons), expectedOrder },
        { onSuccess: () => crossed && toast.info(M.lessonMoved(move.target.title)) },
      );
    },
    renameModule(id: number, title: string) {
      optimistic((modules) => modules.map((module) => (module.id === id ? { ...module, title } : module)));
      updateModule.mutate({ id, title });
    },
    addModule: () => createModule.mutate({ courseId, title: DEFAULT_MODULE_TITLE }),
    addLesson: (moduleId: number) => createLesson.mutate({ moduleId, title: DEFAULT_LESSON_TITLE }),
    createModule,
    createLesson,
    updateLesson,
    deleteModule,
    deleteLesson,
  };
}

export type ContentMutations = ReturnType<typeof useContentMutations>;
