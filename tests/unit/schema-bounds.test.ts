import { describe, expect, it } from "vitest";
import { ID_MAX } from "#shared/constants.js";
import * as account from "#shared/schemas/account.js";
import * as auth from "#shared/schemas/auth.js";
import * as clientActions from "#shared/schemas/client-actions.js";
import { ID_MESSAGES, id } from "#shared/schemas/common.js";
import * as courses from "#shared/schemas/courses.js";
import * as mail from "#shared/schemas/mail.js";
import * as orgs from "#shared/schemas/orgs.js";
import * as quizzes from "#shared/schemas/quizzes.js";
import * as search from "#shared/schemas/search.js";
import * as signoffs from "#shared/schemas/signoffs.js";
import * as tags from "#shared/schemas/tags.js";
import * as team from "#shared/schemas/team.js";
import * as teamAdmin from "#shared/schemas/team-admin.js";
import * as training from "#shared/schemas/training.js";
import * as uploads from "#shared/schemas/uploads.js";

/**
 * docs/decisions/0261-bounded-lists-and-ids.md: every list a schema of shared/schemas/ accepts has a
 * maximum, and every id field stays within the integer columns' range, so that no input makes the
 * server read an unbounded list or ask PostgreSQL about an id it cannot compare. Read off the schemas
 * themselves, so a new field without a bound fails here.
 */

const MODULES = {
  account,
  auth,
  clientActions,
  courses,
  mail,
  orgs,
  quizzes,
  search,
  signoffs,
  tags,
  teamAdmin,
  team,
  training,
  uploads,
};

interface Check {
  _zod: { def: { check: string; maximum?: number; value?: number } };
}
interface SchemaDef {
  type: string;
  checks?: Check[];
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  getter?: () => Schema;
}
interface Schema {
  _zod: { def: SchemaDef };
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && "_zod" in value && typeof value._zod === "object";

/** A field that holds an id (or a version, numbered the same way), by its name. */
const ID_FIELD = /^(id|version|cursor|expectedOrder)$|Ids?$/;

function checkValue(schema: Schema, name: string): number | undefined {
  const check = schema._zod.def.checks?.find((each) => each._zod.def.check === name);
  return check?._zod.def.maximum ?? check?._zod.def.value;
}

/** The paths of every unbounded list and every id field that may exceed ID_MAX, under `schema`. */
function unbounded(schema: Schema, path: string, key: string, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const problems: string[] = [];
  const walk = (child: Schema | undefined, childPath: string, childKey = key) => {
    if (child) problems.push(...unbounded(child, childPath, childKey, seen));
  };
  if (def.type === "array" && checkValue(schema, "max_length") === undefined) problems.push(`${path}: no maximum`);
  if (def.type === "number" && ID_FIELD.test(key)) {
    const max = checkValue(schema, "less_than");
    if (max === undefined || max > ID_MAX) problems.push(`${path}: id without the column's maximum`);
  }
  for (const [field, child] of Object.entries(def.shape ?? {})) walk(child, `${path}.${field}`, field);
  walk(def.element, `${path}[]`);
  walk(def.innerType, path);
  walk(def.in, path);
  walk(def.out, path);
  for (const option of def.options ?? []) walk(option, path);
  if (def.getter) walk(def.getter(), path);
  return problems;
}

const SCHEMAS = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
    .map(([name, schema]) => ({ name: `${module}.${name}`, schema })),
);

describe("every list and id in shared/schemas is bounded (decision 0261)", () => {
  it("reads the schemas (the walk finds them)", () => {
    expect(SCHEMAS.length).toBeGreaterThan(40);
    expect(SCHEMAS.map((each) => each.name)).toEqual(
      expect.arrayContaining(["courses.createCourseInput", "quizzes.saveQuizInput", "training.matrixReportInput"]),
    );
  });

  it("no list without a maximum, no id past the integer columns' range", () => {
    expect(SCHEMAS.flatMap(({ name, schema }) => unbounded(schema, name, ""))).toEqual([]);
  });

  it("id() takes 1 to 2^31 - 1 and says why a larger one is refused", () => {
    const field = id("Course ID must be a positive number.");
    expect(field.safeParse(1).success).toBe(true);
    expect(field.safeParse(ID_MAX).success).toBe(true);
    expect(ID_MAX).toBe(2 ** 31 - 1);
    for (const wrong of [0, -1, 1.5, "1", null]) {
      expect(field.safeParse(wrong).error?.issues[0]?.message).toBe("Course ID must be a positive number.");
    }
    for (const tooLarge of [2 ** 31, 2 ** 32, 2 ** 53 - 1]) {
      expect(field.safeParse(tooLarge).error?.issues[0]?.message).toBe(ID_MESSAGES.tooLarge);
    }
  });
});
