import { describe, expect, it } from "vitest";
import { FairQueue } from "#server/platform/workers/fair-queue.js";

/** The waiting tasks of the content workers, served round-robin across organizations (decision 0275). */

function takeAll(queue: FairQueue<string, string>, may?: (owner: string) => boolean): string[] {
  const taken: string[] = [];
  for (let next = queue.take(may); next; next = queue.take(may)) taken.push(next.item);
  return taken;
}

describe("the fair queue", () => {
  it("serves owners in turn, each owner's items in the order they came", () => {
    const queue = new FairQueue<string, string>();
    for (const item of ["a1", "a2", "a3"]) queue.push("a", item);
    queue.push("b", "b1");
    queue.push("c", "c1");
    queue.push("b", "b2");
    expect(queue.size).toBe(6);
    expect(queue.waitingOf("a")).toBe(3);
    expect(takeAll(queue)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    expect(queue.size).toBe(0);
  });

  it("serves an owner that arrived after another was served before that one again", () => {
    const queue = new FairQueue<string, string>();
    queue.push("a", "a1");
    queue.push("a", "a2");
    expect(queue.take()?.item).toBe("a1");
    queue.push("b", "b1");
    queue.push("a", "a3");
    expect(takeAll(queue)).toEqual(["b1", "a2", "a3"]);
  });

  it("passes over an owner that may not start now, which keeps its place at the front", () => {
    const queue = new FairQueue<string, string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    queue.push("b", "b2");
    expect(takeAll(queue, (owner) => owner !== "a")).toEqual(["b1", "b2"]);
    queue.push("c", "c1");
    expect(queue.take()?.item).toBe("a1");
    expect(queue.take((owner) => owner === "a")).toBeUndefined();
    expect(queue.take()?.item).toBe("c1");
  });

  it("counts what could start when each owner has limited room", () => {
    const queue = new FairQueue<string, string>();
    for (const item of ["a1", "a2", "a3"]) queue.push("a", item);
    queue.push("b", "b1");
    expect(queue.startable(() => 1)).toBe(2);
    expect(queue.startable((owner) => (owner === "a" ? 0 : 2))).toBe(1);
    expect(queue.startable(() => 5)).toBe(4);
    expect(queue.counts()).toEqual(
      new Map([
        ["a", 3],
        ["b", 1],
      ]),
    );
    expect(queue.drain()).toEqual(["a1", "a2", "a3", "b1"]);
    expect(queue.size).toBe(0);
  });
});
