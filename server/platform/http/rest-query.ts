import type { z } from "zod";

/**
 * A GET's query string is text; the shared zod schemas describe the domain (an id is a number), so the
 * REST adapter turns text into what the procedure's input schema takes before the procedure sees it:
 * numeric text for a number field, "true"/"false" for a boolean, a repeated key (or a single one, where only
 * a list fits) for an array. Text that fits nothing stays text, so the schema refuses it with the
 * field's own message. An empty value is no value, as an HTML form sends a field left blank.
 */

type Schema = z.core.$ZodType;
type QueryValue = string | string[];

/** What query text may stand for under a schema: the kinds its alternatives accept. */
interface Accepts {
  number: boolean;
  boolean: boolean;
  /** The element schema when a list is accepted. */
  element: Schema | null;
}

/** What a wrapper (optional, default, a pipe's input …) wraps; null for any other schema. */
function unwrapped(schema: Schema): Schema | null {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return def.innerType;
    case "pipe":
      return def.in;
    default:
      return null;
  }
}

function collectAccepts(schema: Schema, accepts: Accepts): Accepts {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (def.type === "number") accepts.number = true;
  else if (def.type === "boolean") accepts.boolean = true;
  else if (def.type === "array") accepts.element ??= def.element;
  else if (def.type === "union") for (const option of def.options) collectAccepts(option, accepts);
  else {
    const inner = unwrapped(schema);
    if (inner) collectAccepts(inner, accepts);
  }
  return accepts;
}

const acceptsOf = (schema: Schema) => collectAccepts(schema, { number: false, boolean: false, element: null });

function coerceText(text: string, accepts: Accepts): unknown {
  if (accepts.number && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  if (accepts.boolean && (text === "true" || text === "false")) return text === "true";
  return text;
}

function coerceValue(value: QueryValue, schema: Schema): unknown {
  const accepts = acceptsOf(schema);
  if (Array.isArray(value)) {
    const element = accepts.element;
    return element ? value.map((text) => coerceText(text, acceptsOf(element))) : value;
  }
  if (!accepts.number && !accepts.boolean && accepts.element) return [coerceText(value, acceptsOf(accepts.element))];
  return coerceText(value, accepts);
}

/** The fields of an object schema (through optional, default, pipe … wrappers), or none. */
function fieldsOf(schema: Schema): Record<string, Schema> {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (def.type === "object") return def.shape;
  const inner = unwrapped(schema);
  return inner ? fieldsOf(inner) : {};
}

/**
 * The input a GET passes to its procedure: the query's keys, each coerced by the field of that name in
 * the procedure's input schemas (keys no schema names are passed on as text, for the schema to judge).
 * No query at all is no input.
 */
export function inputFromQuery(query: unknown, inputSchemas: readonly unknown[]): unknown {
  if (query === null || typeof query !== "object" || Object.keys(query).length === 0) return undefined;
  const fields: Record<string, Schema> = {};
  for (const schema of inputSchemas) {
    if (isZodSchema(schema)) Object.assign(fields, fieldsOf(schema));
  }
  // fromEntries defines own properties: a key such as "__proto__" stays an ordinary (unknown) field.
  return Object.fromEntries(
    Object.entries(query as Record<string, QueryValue>)
      .filter(([, value]) => value !== "")
      .map(([key, value]) => {
        const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
        return [key, field ? coerceValue(value, field) : value];
      }),
  );
}

function isZodSchema(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && "_zod" in value;
}
