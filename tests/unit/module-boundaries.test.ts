import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's shape (docs/DESIGN.md §3): composition files at the top, platform/ below every module,
 * modules/<domain>/ in one order, each reached only through its index.ts. This reads every import of
 * server/ and fails on one that runs against that shape.
 */

const SERVER = path.resolve(import.meta.dirname, "../../server");

/** A module may import the modules of a lower rank only; modules of one rank are peers and import none of each other. */
const MODULE_RANK: Record<string, number> = {
  identity: 1,
  organizations: 2,
  tags: 3,
  team: 4,
  mail: 5,
  courses: 6,
  progress: 7,
  translations: 7,
  quizzes: 8,
  signoff: 8,
  search: 8,
  training: 9,
  certifications: 10,
  reports: 14,
  "api-access": 3,
  evidence: 11,
  "document-control": 15,
  scorm: 8,
  sso: 5,
};
const PLATFORM_AREAS = ["http", "api", "db", "pages", "mail", "workers", "fast", "scheduler", "crypto"];
const COMPOSITION = ["main.ts", "app.ts", "router.ts", "entities.ts", "housekeeping.ts", "tools.ts"];

/**
 * Imports that still run against the order, each a debt with the reason it exists: none since the course
 * views' training status became a part training fills (docs/decisions/0290-module-hooks.md). The list may
 * only shrink: a pair that no longer occurs fails the test too, so that its line is deleted with the debt.
 */
const KNOWN_DEBTS: Record<string, string> = {};

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.startsWith("migrations/"))
    .map((file) => file.split(path.sep).join("/"));
}

function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(SERVER, file), "utf8"), ts.ScriptTarget.Latest);
  const found: Import[] = [];
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    let to: string;
    if (specifier.text.startsWith("#server/")) to = specifier.text.slice("#server/".length);
    else if (specifier.text.startsWith(".")) to = path.posix.join(path.posix.dirname(file), specifier.text);
    else continue;
    // The ORM configuration at the repository's root is the one file outside server/ that it reads.
    if (to.startsWith("../")) continue;
    let typeOnly: boolean;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      typeOnly =
        clause?.isTypeOnly === true ||
        (clause?.name === undefined &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.every((element) => element.isTypeOnly));
    } else typeOnly = statement.isTypeOnly;
    found.push({ from: file, to: to.replace(/\.js$/, ".ts"), typeOnly });
  }
  return found;
}

/** "identity", "platform/api" or "composition". */
function unitOf(file: string): string {
  const [top, area] = file.split("/");
  if (top === "modules" || top === "platform") {
    return top === "modules" ? (area ?? "") : `platform/${area}`;
  }
  return "composition";
}

const isEntity = (file: string) => file.endsWith(".entity.ts");
const files = serverFiles();
const imports = files.flatMap(importsOf);

describe("the server's module boundaries", () => {
  it("keeps every file in its place: composition at the top, platform areas, module folders", () => {
    const misplaced = files.filter((file) => {
      const [top, area] = file.split("/");
      if (!file.includes("/")) return !COMPOSITION.includes(file);
      if (top === "platform") return !PLATFORM_AREAS.includes(area ?? "");
      if (top === "modules") return !(area && area in MODULE_RANK) || file.split("/").length !== 3;
      return true;
    });
    expect(misplaced).toEqual([]);
    for (const module of Object.keys(MODULE_RANK)) {
      const readme = path.join(SERVER, "modules", module, "README.md");
      expect(readFileSync(readme, "utf8"), `modules/${module} says what it is in a README.md`).toMatch(/^# /);
    }
  });

  it("reaches another module only through its index.ts (the composition reads routers and entities)", () => {
    const intoInternals = imports.filter(({ from, to }) => {
      const target = unitOf(to);
      if (!to.startsWith("modules/") || unitOf(from) === target) return false;
      // The entity registry reads the entity files and the app's router the router files: no index exports
      // either, so that importing a module (as the procedure builders do) never builds another's procedures.
      if (from === "entities.ts" && isEntity(to)) return false;
      if (from === "router.ts" && to.endsWith(".router.ts")) return false;
      return to !== `modules/${target}/index.ts`;
    });
    expect(intoInternals.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it("exports no procedures from a module's index.ts", () => {
    const indexes = files.filter((file) => /^modules\/[^/]+\/index\.ts$/.test(file));
    const exportingRouters = indexes.filter((file) => importsOf(file).some(({ to }) => to.endsWith(".router.ts")));
    expect(exportingRouters).toEqual([]);
  });

  it("never imports the composition files from a module or the platform", () => {
    const upward = imports.filter(({ from, to }) => unitOf(from) !== "composition" && unitOf(to) === "composition");
    expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it("runs modules one way (platform, then identity … reports), with no debt beyond the known ones", () => {
    const against = new Map<string, string[]>();
    for (const { from, to, typeOnly } of imports) {
      const source = unitOf(from);
      const target = unitOf(to);
      if (source === target || source === "composition" || !to.startsWith("modules/")) continue;
      // One schema: an entity's relations name other modules' entity types (MikroORM sees one graph).
      if (typeOnly && isEntity(from)) continue;
      const allowed = !source.startsWith("platform/") && (MODULE_RANK[target] ?? 0) < (MODULE_RANK[source] ?? 0);
      if (allowed) continue;
      const pair = `${source} -> ${target}`;
      against.set(pair, [...(against.get(pair) ?? []), from]);
    }
    const unknown = [...against].filter(([pair]) => !(pair in KNOWN_DEBTS));
    expect(unknown.map(([pair, sources]) => `${pair} (${[...new Set(sources)].join(", ")})`)).toEqual([]);
    const paid = Object.keys(KNOWN_DEBTS).filter((pair) => !against.has(pair));
    expect(paid, "debts no longer incurred: delete their lines").toEqual([]);
  });
});
