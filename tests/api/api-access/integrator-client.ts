import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { openApiDocument } from "#server/modules/api-access/index.js";
import { appRouter } from "#server/router.js";

/**
 * What an outside developer does with the OpenAPI document (docs/decisions/0322-openapi-from-procedures.md),
 * done at test time in a folder of its own: generate the types with openapi-typescript, put them beside
 * their script (integrator/overdue-training.ts, which the repository's typecheck leaves out: its types
 * exist only here; tsconfig.json excludes the folder), compile it with TypeScript, then run it. Nothing
 * generated is committed.
 */

const SCRIPT = path.join(import.meta.dirname, "integrator", "overdue-training.ts");
const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

/** A row of what the script answers (its own interface, which only the generated folder compiles). */
interface OverdueTraining {
  member: string;
  email: string;
  course: string;
  dueAt: string | null;
}

interface IntegratorScript {
  overdueTraining(apiUrl: string, key: string): Promise<OverdueTraining[]>;
}

export interface IntegratorClient extends IntegratorScript {
  /** Removes the folder. */
  dispose(): void;
}

/** The compiler's complaints about the script against the generated types, one line each. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

export async function integratorClient(): Promise<IntegratorClient> {
  const dir = mkdtempSync(path.join(tmpdir(), "trainwright-integrator-"));
  try {
    const document = JSON.parse(JSON.stringify(openApiDocument(appRouter))) as Parameters<typeof openapiTS>[0];
    writeFileSync(path.join(dir, "trainwright-api.gen.ts"), astToString(await openapiTS(document)));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const script = path.join(dir, "overdue-training.ts");
    copyFileSync(SCRIPT, script);
    const errors = typeErrors(script);
    if (errors.length > 0)
      throw new Error(`The script does not compile against the generated types:\n${errors.join("\n")}`);
    const loaded = (await import(pathToFileURL(script).href)) as IntegratorScript;
    return { overdueTraining: loaded.overdueTraining, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
