import { describe, expect, it } from "vitest";
import {
  applyPendingCompletions,
  batchUrl,
  lessonIdsOf,
  parseBatchCall,
  uploadedImagesOf,
} from "#client/features/offline/answers.js";

/** The offline layer's reading of tRPC batches and its overlay of completions made on the device (decision 0141). */

const answer = <T>(json: T) => ({ result: { data: { json } } });

describe("parseBatchCall", () => {
  it("reads the procedures and each one's input of a batched GET", () => {
    const url = new URL(
      `http://host/_api/trpc/auth.me,lessons.get?batch=1&input=${encodeURIComponent('{"1":{"json":{"id":7}}}')}`,
    );
    expect(parseBatchCall(url)).toEqual({
      procedures: ["auth.me", "lessons.get"],
      inputs: [null, { json: { id: 7 } }],
    });
  });

  it("builds the URL it reads back, and leaves other addresses alone", () => {
    expect(parseBatchCall(new URL(batchUrl("courses.get", { id: 3 }), "http://host"))).toEqual({
      procedures: ["courses.get"],
      inputs: [{ json: { id: 3 } }],
    });
    expect(parseBatchCall(new URL("http://host/_api/lessons/get?id=3"))).toBeNull();
    expect(parseBatchCall(new URL("http://host/_api/trpc/lessons.get?batch=1&input=%7Bbroken"))).toBeNull();
  });
});

describe("applyPendingCompletions", () => {
  const course = answer({
    id: 1,
    modules: [
      {
        id: 9,
        lessons: [
          { id: 5, isCompleted: false },
          { id: 6, isCompleted: false },
        ],
      },
    ],
  });

  it("marks the lessons completed on the device in the course, structure, lesson and completions answers", () => {
    const done = new Set([6]);
    expect(applyPendingCompletions("courses.get", course, done)).toEqual(
      answer({
        id: 1,
        modules: [
          {
            id: 9,
            lessons: [
              { id: 5, isCompleted: false },
              { id: 6, isCompleted: true },
            ],
          },
        ],
      }),
    );
    expect(
      applyPendingCompletions("courses.structure", answer([{ lessons: [{ id: 6, isCompleted: false }] }]), done),
    ).toEqual(answer([{ lessons: [{ id: 6, isCompleted: true }] }]));
    expect(applyPendingCompletions("lessons.get", answer({ id: 6, isCompleted: false }), done)).toEqual(
      answer({ id: 6, isCompleted: true }),
    );
    expect(applyPendingCompletions("users.completions", answer({ lessonIds: [5] }), done)).toEqual(
      answer({ lessonIds: [5, 6] }),
    );
  });

  it("never changes the stored answer itself, another lesson, or an error", () => {
    applyPendingCompletions("courses.get", course, new Set([5]));
    expect(lessonIdsOf(course.result.data.json)).toEqual([5, 6]);
    expect(course.result.data.json.modules[0]?.lessons[0]?.isCompleted).toBe(false);
    expect(applyPendingCompletions("lessons.get", answer({ id: 8, isCompleted: false }), new Set([6]))).toEqual(
      answer({ id: 8, isCompleted: false }),
    );
    const refusal = { error: { json: { message: "Lesson not found." } } };
    expect(applyPendingCompletions("lessons.get", refusal, new Set([6]))).toBe(refusal);
  });
});

describe("uploadedImagesOf", () => {
  it("finds the app's own image addresses in lesson content, once each", () => {
    const content =
      '<p><img src="/_api/uploads/images/a_B-1"><img src="/_api/uploads/images/a_B-1"><img src="https://x.example/y.png"></p>';
    expect(uploadedImagesOf(content)).toEqual(["/_api/uploads/images/a_B-1"]);
    expect(uploadedImagesOf(null)).toEqual([]);
  });
});
