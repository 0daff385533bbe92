import type { DataTransformer } from "@trpc/server";
import superjson from "superjson";
// Registers the matrix cells' superjson type (decision 0070).
import "#shared/matrix-cells.js";

/**
 * The answers' wire format (decision 0153): superjson's envelope, `{ json, meta? }`, through tRPC and the
 * documented REST paths alike. superjson walks every answer to find the values JSON cannot carry (dates,
 * sets, maps, undefined …) and lists them in `meta`; an answer with none of them is sent as `{ json }`.
 * A presenter whose answer's type holds none of them says so with `plainJson`, and that answer skips the
 * walk: the bytes are the ones superjson would have written.
 */

/** JSON's own values only: no Date, Map, Set, bigint, function, and no property that may be undefined. */
export type PlainJson<T> = T extends string | number | boolean | null
  ? T
  : T extends Date | Map<unknown, unknown> | Set<unknown> | bigint | undefined | ((...args: never[]) => unknown)
    ? never
    : T extends readonly (infer Item)[]
      ? readonly PlainJson<Item>[]
      : T extends object
        ? { [Key in keyof T]-?: undefined extends T[Key] ? never : PlainJson<T[Key]> }
        : never;

const plainAnswers = new WeakSet<object>();

/** Marks an answer whose type the compiler proved plain JSON: sent without superjson's walk. */
export function plainJson<T extends object>(answer: T & PlainJson<T>): T {
  plainAnswers.add(answer);
  return answer;
}

/** What superjson would write for `value`, without its walk when the value was marked plain. */
export function serializeAnswer(value: unknown): ReturnType<typeof superjson.serialize> {
  if (typeof value === "object" && value !== null && plainAnswers.has(value)) {
    return { json: value as ReturnType<typeof superjson.serialize>["json"] };
  }
  return superjson.serialize(value);
}

/** The transformer of every tRPC answer; inputs are read by superjson as before. */
export const wireFormat: DataTransformer = {
  serialize: serializeAnswer,
  deserialize: (value) => superjson.deserialize(value),
};
