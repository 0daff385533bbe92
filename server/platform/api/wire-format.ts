import type { DataTransformer } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";
import { serializeLikeSuperjson } from "#server/platform/fast/superjson-fast.js";
// Registers the matrix cells' superjson type (decision 0070).
import { MatrixCells, readMatrixCell } from "#shared/matrix-cells.js";

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

const customValueKeys = new WeakMap<object, readonly string[]>();

/**
 * Marks an answer that is plain JSON but for some top-level values of a registered custom type (the
 * matrix's cells, decision 0070): only those values go through superjson. The answer must hold no object
 * twice, since superjson would note such a repeat and this does not look for one.
 */
export function plainJsonBut<T extends object, Key extends keyof T & string>(
  answer: T & PlainJson<Omit<T, Key>>,
  customKeys: readonly Key[],
): T {
  customValueKeys.set(answer, customKeys);
  return answer;
}

type Serialized = ReturnType<typeof superjson.serialize>;

/** What superjson writes for an answer marked by plainJsonBut: its key order, and its `meta` of those values. */
function serializeCustomValues(answer: object, keys: readonly string[]): Serialized {
  const json: Record<string, unknown> = { ...answer };
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    const serialized = superjson.serialize(json[key]);
    json[key] = serialized.json;
    if (serialized.meta?.values !== undefined) values[key] = serialized.meta.values;
  }
  return Object.keys(values).length === 0
    ? { json: json as Serialized["json"] }
    : { json: json as Serialized["json"], meta: { values: values as never, v: 1 } };
}

/** What superjson would write for `value`, without its walk when the value was marked plain. */
export function serializeAnswer(value: unknown): Serialized {
  if (typeof value === "object" && value !== null) {
    if (plainAnswers.has(value)) return { json: value as Serialized["json"] };
    const customKeys = customValueKeys.get(value);
    if (customKeys) return serializeCustomValues(value, customKeys);
  }
  // Any other answer: superjson's bytes, by a shorter walk for plain data and dates (decision 0207).
  return serializeLikeSuperjson(value);
}

/**
 * An answer as plain JSON, for a call made with an API key (docs/decisions/0321-plain-json-for-api-keys.md):
 * dates as ISO 8601 texts (their own toJSON), and every value a self-describing object: the matrix's
 * cells, positional tuples in the superjson form, become objects with named fields. The OpenAPI document
 * describes this form.
 */
export function plainJsonText(value: unknown): string {
  const named = typeof value === "object" && value !== null ? tupleFields.get(value) : undefined;
  return JSON.stringify(
    named ? withTuplesNamed(value as Record<string, unknown>, named) : value,
    (_key, item: unknown) => (item instanceof MatrixCells ? item.tuples.map(readMatrixCell) : item),
  );
}

const tupleFields = new WeakMap<object, Readonly<Record<string, readonly string[]>>>();

/**
 * Marks top-level lists of positional tuples in an answer with their fields' names: the typed client gets
 * the tuples (compact), a call made with an API key objects with those names (plainJsonText).
 */
export function namingTuples<T extends object>(
  answer: T,
  fields: Partial<Record<keyof T & string, readonly string[]>>,
): T {
  tupleFields.set(answer, fields as Record<string, readonly string[]>);
  return answer;
}

function withTuplesNamed(answer: Record<string, unknown>, fields: Readonly<Record<string, readonly string[]>>) {
  const named: Record<string, unknown> = { ...answer };
  for (const [key, names] of Object.entries(fields)) {
    const tuples = answer[key];
    if (!Array.isArray(tuples)) continue;
    named[key] = tuples.map((tuple: unknown[]) => Object.fromEntries(names.map((name, index) => [name, tuple[index]])));
  }
  return named;
}

/** A Date in a declared answer (ProcedureMeta's `answer`): plain JSON's ISO 8601 text. */
export const dateAnswer = () => z.iso.datetime();

/** The transformer of every tRPC answer; inputs are read by superjson as before. */
export const wireFormat: DataTransformer = {
  serialize: serializeAnswer,
  deserialize: (value) => superjson.deserialize(value),
};
