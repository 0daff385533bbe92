import { describe, expect, it } from "vitest";
import { moveLesson, moveModule, positionsOf } from "#client/features/courses/content-order.js";
import type { StructureModule } from "#client/features/courses/types.js";

/**
 * The optimistic order after a drop (docs/SPEC.md §4, docs/decisions/0004-ordering.md): what the content
 * screen shows before the server answers, so it must be what the server will store: dense positions
 * 0..n-1, a moved lesson closing the gap it left and opening one where it lands.
 */

/** Modules by title, each with lessons by title; ids are unique numbers, positions dense. */
function structure(outline: Record<string, string[]>): StructureModule[] {
  let nextId = 1;
  return Object.entries(outline).map(([title, lessons], orderIndex) => ({
    id: nextId++,
    title,
    description: null,
    orderIndex,
    version: 1,
    lessons: lessons.map((lesson, index) => ({
      id: nextId++,
      title: lesson,
      orderIndex: index,
      version: 1,
      isCompleted: false,
    })),
  }));
}

/** The shape a person reads, positions included: module title → "lesson@position". */
function outlineOf(modules: readonly StructureModule[]): Array<[string, number, string[]]> {
  return modules.map((module) => [
    module.title,
    module.orderIndex,
    module.lessons.map((lesson) => `${lesson.title}@${lesson.orderIndex}`),
  ]);
}

const course = () => structure({ A: ["A1", "A2", "A3"], B: ["B1", "B2"], C: [] });
const idOf = (modules: StructureModule[], title: string) => modules.find((module) => module.title === title)?.id ?? -1;

describe("moveModule", () => {
  it("moves a module up and renumbers every module 0..n-1", () => {
    expect(outlineOf(moveModule(course(), 2, 0)).map(([title, position]) => [title, position])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
  });

  it("moves a module down, its lessons going with it untouched", () => {
    expect(outlineOf(moveModule(course(), 0, 1))).toEqual([
      ["B", 0, ["B1@0", "B2@1"]],
      ["A", 1, ["A1@0", "A2@1", "A3@2"]],
      ["C", 2, []],
    ]);
  });

  it("leaves the structure it was given as it was (the query cache's copy)", () => {
    const before = course();
    const snapshot = structuredClone(before);
    moveModule(before, 0, 2);
    expect(before).toEqual(snapshot);
  });
});

describe("moveLesson within a module", () => {
  it("reorders the module's lessons and renumbers them", () => {
    const modules = course();
    const move = moveLesson(
      modules,
      { moduleId: idOf(modules, "A"), index: 0 },
      { moduleId: idOf(modules, "A"), index: 2 },
    );
    expect(move && outlineOf(move.modules)).toEqual([
      ["A", 0, ["A2@0", "A3@1", "A1@2"]],
      ["B", 1, ["B1@0", "B2@1"]],
      ["C", 2, []],
    ]);
    expect(move?.lesson.title).toBe("A1");
    expect(move?.target.title).toBe("A");
    expect(move && positionsOf(move.target.lessons)).toEqual(
      ["A2", "A3", "A1"].map((title, orderIndex) => ({
        id: modules[0]?.lessons.find((lesson) => lesson.title === title)?.id,
        orderIndex,
      })),
    );
  });

  it("moves a lesson up", () => {
    const modules = course();
    const move = moveLesson(
      modules,
      { moduleId: idOf(modules, "B"), index: 1 },
      { moduleId: idOf(modules, "B"), index: 0 },
    );
    expect(move?.target.lessons.map((lesson) => `${lesson.title}@${lesson.orderIndex}`)).toEqual(["B2@0", "B1@1"]);
  });
});

describe("moveLesson across modules", () => {
  it("closes the gap in the module it left and opens one where it lands", () => {
    const modules = course();
    const move = moveLesson(
      modules,
      { moduleId: idOf(modules, "A"), index: 0 },
      { moduleId: idOf(modules, "B"), index: 1 },
    );
    expect(move && outlineOf(move.modules)).toEqual([
      ["A", 0, ["A2@0", "A3@1"]],
      ["B", 1, ["B1@0", "A1@1", "B2@2"]],
      ["C", 2, []],
    ]);
    // The one reorder call the move needs names the target module's lessons in their new order.
    expect(move?.target.id).toBe(idOf(modules, "B"));
    expect(move?.target.lessons.map((lesson) => lesson.title)).toEqual(["B1", "A1", "B2"]);
    expect(move?.lesson.title).toBe("A1");
  });

  it("moves into an empty module and to the end of another", () => {
    const modules = course();
    const intoEmpty = moveLesson(
      modules,
      { moduleId: idOf(modules, "B"), index: 1 },
      { moduleId: idOf(modules, "C"), index: 0 },
    );
    expect(intoEmpty && outlineOf(intoEmpty.modules).slice(1)).toEqual([
      ["B", 1, ["B1@0"]],
      ["C", 2, ["B2@0"]],
    ]);
    const toEnd = moveLesson(
      modules,
      { moduleId: idOf(modules, "B"), index: 0 },
      { moduleId: idOf(modules, "A"), index: 3 },
    );
    expect(toEnd && outlineOf(toEnd.modules).slice(0, 2)).toEqual([
      ["A", 0, ["A1@0", "A2@1", "A3@2", "B1@3"]],
      ["B", 1, ["B2@0"]],
    ]);
  });

  it("leaves the structure it was given as it was", () => {
    const before = course();
    const snapshot = structuredClone(before);
    moveLesson(before, { moduleId: idOf(before, "A"), index: 1 }, { moduleId: idOf(before, "B"), index: 0 });
    expect(before).toEqual(snapshot);
  });

  it("answers null when the source, the lesson or the destination is not in the structure", () => {
    const modules = course();
    const [a, b] = [idOf(modules, "A"), idOf(modules, "B")];
    expect(moveLesson(modules, { moduleId: 999, index: 0 }, { moduleId: b, index: 0 })).toBeNull();
    expect(moveLesson(modules, { moduleId: a, index: 3 }, { moduleId: b, index: 0 })).toBeNull();
    expect(moveLesson(modules, { moduleId: a, index: 0 }, { moduleId: 999, index: 0 })).toBeNull();
  });
});

describe("positionsOf", () => {
  it("numbers the items from 0 in the order given, whatever positions they carried, and keeps only ids", () => {
    // Module A's lessons (ids 2, 3, 4 at positions 0, 1, 2) in reverse.
    const reversed = [...(course()[0]?.lessons ?? [])].reverse();
    expect(positionsOf(reversed)).toEqual([
      { id: 4, orderIndex: 0 },
      { id: 3, orderIndex: 1 },
      { id: 2, orderIndex: 2 },
    ]);
    expect(positionsOf([])).toEqual([]);
  });
});
