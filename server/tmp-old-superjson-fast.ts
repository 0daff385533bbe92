import superjson from "superjson";

/**
 * superjson.serialize for the values answers are made of (decision 0207): plain objects, arrays, strings,
 * booleans, finite numbers, null, valid Dates, and undefined as an object's property. It writes what
 * superjson writes, `{ json, meta?: { values, v: 1 } }`, the same keys in the same order, without
 * superjson's cost per node (a path array copied for every value, a Map of every object's paths, an
 * Object.entries per object, every transformer asked about every value). Any other value anywhere (a
 * Map, Set, bigint, class instance, NaN, -0, an invalid Date, a hole or undefined in an array, a key
 * superjson refuses, or one object reached twice, which superjson notes as a referential equality) makes
 * the whole answer go through superjson itself, so no answer ever differs from superjson's.
 */

type Serialized = ReturnType<typeof superjson.serialize>;
type Annotations = Record<string, ["Date"] | ["undefined"]>;

/** Thrown inside the walk when a value is one superjson must handle itself. */
const NOT_SIMPLE = Symbol("not simple");

/** Keys superjson refuses (prototype pollution): its own error is thrown by the fallback. */
const REFUSED_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** superjson's escapeKey: a dot or backslash in a key is escaped in the annotation's path. */
function escapeKey(key: string): string {
  return key.includes(".") || key.includes("\\") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

interface Walk {
  seen: Set<object>;
  /** The keys from the answer down to the value being walked: joined only for a value to annotate. */
  keys: string[];
  annotations: Annotations | null;
}

function annotate(walk: Walk, key: string, type: "Date" | "undefined"): void {
  walk.annotations ??= {};
  walk.keys.push(key);
  walk.annotations[walk.keys.map(escapeKey).join(".")] = [type];
  walk.keys.pop();
}

/** A value inside the answer, as superjson's `json` holds it; `key` is its key in its parent. */
function walkValue(value: unknown, key: string, walk: Walk): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_SIMPLE;
      return value;
    case "object":
      break;
    default:
      throw NOT_SIMPLE;
  }
  if (value === null) return null;
  if (value instanceof Date) {
    if (walk.seen.has(value) || Number.isNaN(value.getTime())) throw NOT_SIMPLE;
    walk.seen.add(value);
    annotate(walk, key, "Date");
    return value.toISOString();
  }
  walk.keys.push(key);
  const copy = walkContainer(value, walk);
  walk.keys.pop();
  return copy;
}

/** An array or plain object (the answer itself too): its copy, with its values walked. */
function walkContainer(value: object, walk: Walk): unknown {
  if (walk.seen.has(value)) throw NOT_SIMPLE;
  walk.seen.add(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === undefined) throw NOT_SIMPLE;
      copy[index] = walkValue(item, String(index), walk);
    }
    return copy;
  }
  if (!isPlainObject(value)) throw NOT_SIMPLE;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (REFUSED_KEYS.has(key)) throw NOT_SIMPLE;
    const item: unknown = (value as Record<string, unknown>)[key];
    if (item === undefined) {
      annotate(walk, key, "undefined");
      copy[key] = null;
    } else {
      copy[key] = walkValue(item, key, walk);
    }
  }
  return copy;
}

/** Exactly `superjson.serialize(value)`, faster for an answer made of plain data and dates. */
export function serializeLikeSuperjson(value: unknown): Serialized {
  // A top-level Date or undefined is annotated as the root, which superjson writes differently.
  if (typeof value !== "object" || value === null || value instanceof Date) return superjson.serialize(value);
  const walk: Walk = { seen: new Set(), keys: [], annotations: null };
  let json: unknown;
  try {
    json = walkContainer(value, walk);
  } catch (error) {
    if (error === NOT_SIMPLE) return superjson.serialize(value);
    throw error;
  }
  const serialized = { json: json as Serialized["json"] } as Serialized;
  if (walk.annotations) serialized.meta = { values: walk.annotations as never, v: 1 };
  return serialized;
}
