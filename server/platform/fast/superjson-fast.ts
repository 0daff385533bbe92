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
const isRefusedKey = (key: string) => key === "__proto__" || key === "constructor" || key === "prototype";

/** superjson's escapeKey: a dot or backslash in a key is escaped in the annotation's path. */
function escapeKey(key: string | number): string {
  if (typeof key === "number") return String(key);
  return key.includes(".") || key.includes("\\") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

interface Walk {
  seen: Set<object>;
  /** The keys from the answer down to the container being walked: joined only for a value to annotate. */
  keys: (string | number)[];
  annotations: Annotations | null;
}

/**
 * Notes the value at `key` of the container being walked, whose escaped path is `prefix` once known;
 * answers that path, for the container's next annotation to reuse.
 */
function annotate(walk: Walk, prefix: string | null, key: string | number, type: "Date" | "undefined"): string {
  const path = prefix ?? walk.keys.map(escapeKey).join(".");
  walk.annotations ??= {};
  walk.annotations[path === "" ? escapeKey(key) : `${path}.${escapeKey(key)}`] = [type];
  return path;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, "0"));

/**
 * toISOString's text, a third of its cost (V8 formats it in C++ through a generic printf); years outside
 * 1000–9999, written with fewer or more digits, are left to toISOString itself.
 */
function isoText(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString();
  return `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}T${TWO_DIGITS[date.getUTCHours()]}:${TWO_DIGITS[date.getUTCMinutes()]}:${TWO_DIGITS[date.getUTCSeconds()]}.${THREE_DIGITS[date.getUTCMilliseconds()]}Z`;
}

/** A Date's text in superjson's `json`; one it must handle itself (invalid, or reached twice) throws. */
function dateText(date: Date, walk: Walk): string {
  if (walk.seen.has(date) || Number.isNaN(date.getTime())) throw NOT_SIMPLE;
  walk.seen.add(date);
  return isoText(date);
}

/** A string, boolean, finite number or null is written as it is; anything else but an object is superjson's. */
function assertPrimitive(value: unknown): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_SIMPLE;
  } else if (typeof value !== "string" && typeof value !== "boolean" && value !== null) {
    throw NOT_SIMPLE;
  }
}

/**
 * An array or plain object (the answer itself too): its copy, with its values walked. The copy is
 * taken whole (slice, spread) and only its containers, dates and undefined values replaced: it keeps
 * the original's shape, which JSON.stringify writes faster than one built key by key.
 */
function walkContainer(value: object, walk: Walk): object {
  if (walk.seen.has(value)) throw NOT_SIMPLE;
  walk.seen.add(value);
  let prefix: string | null = null;
  if (Array.isArray(value)) {
    const copy: unknown[] = value.slice();
    for (let index = 0; index < copy.length; index++) {
      const item: unknown = copy[index];
      if (typeof item !== "object" || item === null) {
        // A hole or undefined in an array is one superjson writes differently.
        if (item === undefined) throw NOT_SIMPLE;
        assertPrimitive(item);
      } else if (item instanceof Date) {
        copy[index] = dateText(item, walk);
        prefix = annotate(walk, prefix, index, "Date");
      } else {
        copy[index] = walkChild(item, index, walk);
      }
    }
    return copy;
  }
  if (!isPlainObject(value)) throw NOT_SIMPLE;
  const copy: Record<string, unknown> = { ...value };
  for (const key of Object.keys(copy)) {
    if (isRefusedKey(key)) throw NOT_SIMPLE;
    const item: unknown = copy[key];
    if (typeof item !== "object" || item === null) {
      if (item === undefined) {
        copy[key] = null;
        prefix = annotate(walk, prefix, key, "undefined");
      } else {
        assertPrimitive(item);
      }
    } else if (item instanceof Date) {
      copy[key] = dateText(item, walk);
      prefix = annotate(walk, prefix, key, "Date");
    } else {
      copy[key] = walkChild(item, key, walk);
    }
  }
  return copy;
}

function walkChild(child: object, key: string | number, walk: Walk): object {
  walk.keys.push(key);
  const copy = walkContainer(child, walk);
  walk.keys.pop();
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
