import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { progressReaders } from "#client/features/training/queries.js";
import { toast } from "#client/lib/toast.js";
import { trpc } from "#client/lib/trpc.js";
import { DEFAULT_LESSON_TITLE, DEFAULT_MODULE_TITLE } from "#shared/constants.js";
import { moveLesson, moveModule, positionsOf } from "./content-order.js";
import { courseStructureQuery } from "./queries.js";
import type { StructureModule } from "./types.js";

const CONTENT_MESSAGES = {
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
 * reorders and renames change it at once (optimistic, docs/SPEC.md §4) and the server's answer or a refetch
 * replaces it; on an error the screen goes back to what the server holds.
 */
export function useContentMutations(courseId: number) {
  const queryClient = useQueryClient();
  const structure = courseStructureQuery(courseId);
  // Reorders still on their way: only the last answer may replace the screen, or a quick second drag
  // would flash back to the state after the first.
  const reordersInFlight = useRef(0);

  /** The detail page, lesson pages (titles, Previous/Next), the list, training and reports read what changed. */
  const readers = [trpc.courses.get.queryKey({ id: courseId }), trpc.lessons.get.pathKey(), ...progressReaders()];
  const everyone = [structure.queryKey, ...readers];
  const refresh = (queryKeys: QueryKey[]) => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  const structureData = () => queryClient.getQueryData(structure.queryKey);
  const optimistic = (update: (modules: StructureModule[]) => StructureModule[] | null) => {
    void queryClient.cancelQueries({ queryKey: structure.queryKey });
    const current = structureData();
    const next = current ? update(current) : null;
    if (next) queryClient.setQueryData(structure.queryKey, next);
    return next;
  };
  const settleReorder = (answer: StructureModule[] | undefined) => {
    reordersInFlight.current -= 1;
    if (reordersInFlight.current === 0 && answer) queryClient.setQueryData(structure.queryKey, answer);
    refresh(readers);
  };
  /** On an error the screen goes back to what the server holds (the toast is the mutation's meta). */
  const revert = () => refresh(everyone);

  /** Both reorders answer with the new structure. */
  const settleHandlers = {
    onSuccess: (answer: StructureModule[]) => settleReorder(answer),
    onError: () => {
      settleReorder(undefined);
      revert();
    },
  };
  const reorderModulesCall = useMutation(
    trpc.modules.reorder.mutationOptions({
      meta: { success: M.modulesReordered, failure: M.reorderModulesFailed },
      ...settleHandlers,
    }),
  );
  const reorderLessonsCall = useMutation(
    trpc.lessons.reorder.mutationOptions({
      meta: { success: M.lessonsReordered, failure: M.reorderLessonsFailed },
      ...settleHandlers,
    }),
  );

  const createModule = useMutation(
    trpc.modules.create.mutationOptions({
      meta: { success: M.moduleCreated, failure: M.createModuleFailed, invalidates: everyone },
    }),
  );
  const updateModule = useMutation(
    trpc.modules.update.mutationOptions({
      meta: { success: M.moduleUpdated, failure: M.updateModuleFailed, invalidates: readers },
      onError: revert,
    }),
  );
  const deleteModule = useMutation(
    trpc.modules.delete.mutationOptions({
      meta: { success: M.moduleDeleted, failure: M.deleteModuleFailed, invalidates: everyone },
    }),
  );
  const createLesson = useMutation(
    trpc.lessons.create.mutationOptions({
      meta: { success: M.lessonCreated, failure: M.createLessonFailed, invalidates: everyone },
    }),
  );
  const renameLessonCall = useMutation(
    trpc.lessons.update.mutationOptions({
      meta: { success: M.lessonUpdated, failure: M.updateLessonFailed, invalidates: everyone },
      onError: revert,
    }),
  );
  const deleteLesson = useMutation(
    trpc.lessons.delete.mutationOptions({
      meta: { success: M.lessonDeleted, failure: M.deleteLessonFailed, invalidates: everyone },
    }),
  );

  return {
    reorderModules(from: number, to: number) {
      // What this screen saw: the server refuses the reorder if someone else changed the order meanwhile.
      const expectedOrder = structureData()?.map((module) => module.id);
      const next = optimistic((modules) => moveModule(modules, from, to));
      if (!next) return;
      reordersInFlight.current += 1;
      reorderModulesCall.mutate({ courseId, modules: positionsOf(next), expectedOrder });
    },
    /** Within a module or into another: one lessons/reorder call naming the target module's new list. */
    moveLesson(from: { moduleId: number; index: number }, to: { moduleId: number; index: number }) {
      void queryClient.cancelQueries({ queryKey: structure.queryKey });
      const current = structureData();
      const move = current ? moveLesson(current, from, to) : null;
      if (!move) return;
      const expectedOrder = current?.find((module) => module.id === move.target.id)?.lessons.map((lesson) => lesson.id);
      queryClient.setQueryData(structure.queryKey, move.modules);
      reordersInFlight.current += 1;
      const crossed = from.moduleId !== to.moduleId;
      reorderLessonsCall.mutate(
        { moduleId: move.target.id, lessons: positionsOf(move.target.lessons), expectedOrder },
        { onSuccess: () => crossed && toast.info(M.lessonMoved(move.target.title)) },
      );
    },
    /** Names the version on screen: a module someone else changed meanwhile is refused (409), not overwritten. */
    renameModule(id: number, title: string) {
      const version = structureData()?.find((module) => module.id === id)?.version;
      optimistic((modules) => modules.map((module) => (module.id === id ? { ...module, title } : module)));
      updateModule.mutate({ id, title, version });
    },
    /** As renameModule, for a lesson. */
    renameLesson(id: number, title: string) {
      const version = structureData()
        ?.flatMap((module) => module.lessons)
        .find((lesson) => lesson.id === id)?.version;
      optimistic((modules) =>
        modules.map((module) => ({
          ...module,
          lessons: module.lessons.map((lesson) => (lesson.id === id ? { ...lesson, title } : lesson)),
        })),
      );
      renameLessonCall.mutate({ id, title, version });
    },
    addModule: () => createModule.mutate({ courseId, title: DEFAULT_MODULE_TITLE }),
    /** `onCreated` gets the new lesson's id (the content page opens it in the editor). */
    addLesson: (moduleId: number, onCreated?: (lessonId: number) => void) =>
      createLesson.mutate({ moduleId, title: DEFAULT_LESSON_TITLE }, { onSuccess: (lesson) => onCreated?.(lesson.id) }),
    createModule,
    createLesson,
    deleteModule,
    deleteLesson,
  };
}

export type ContentMutations = ReturnType<typeof useContentMutations>;
