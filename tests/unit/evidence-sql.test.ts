import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The evidence log is append-only for the application (docs/decisions/0300-evidence-log.md): no statement
 * of the server updates or deletes its tables' rows, nor does any ORM call on their entities. Deleting
 * the organization (its foreign keys) is the only way entries go.
 */

const SERVER = path.resolve(import.meta.dirname, "../../server");
const TABLES = ["evidence_entries", "evidence_chain", "evidence_checkpoints", "evidence_keys"];
const ENTITIES = ["EvidenceEntry", "EvidenceLink", "EvidenceCheckpoint", "EvidenceKey"];

const sources = readdirSync(SERVER, { recursive: true, encoding: "utf8" })
  .map((file) => file.split(path.sep).join("/"))
  .filter((file) => file.endsWith(".ts") && !file.startsWith("migrations/"))
  .map((file) => ({ file, text: readFileSync(path.join(SERVER, file), "utf8") }));

describe("the evidence log's tables", () => {
  it("are never updated or deleted from by SQL", () => {
    const found = sources.flatMap(({ file, text }) =>
      TABLES.flatMap((table) =>
        new RegExp(
          `\\b(update\\s+${table}\\b|delete\\s+from\\s+${table}\\b|truncate\\s+(table\\s+)?${table}\\b)`,
          "i",
        ).test(text)
          ? [`${file}: ${table}`]
          : [],
      ),
    );
    expect(found).toEqual([]);
  });

  it("are never updated or deleted from through the ORM", () => {
    const found = sources.flatMap(({ file, text }) =>
      ENTITIES.filter(
        (entity) =>
          new RegExp(`(nativeUpdate|nativeDelete|upsert|upsertMany)\\(\\s*${entity}\\b`).test(text) ||
          new RegExp(`createQueryBuilder\\(\\s*${entity}\\b[^;]*\\.(update|delete)\\(`).test(text),
      ).map((entity) => `${file}: ${entity}`),
    );
    expect(found).toEqual([]);
  });

  it("are written only by the evidence module", () => {
    const writers = sources
      .filter(({ text }) => TABLES.some((table) => new RegExp(`insert\\s+into\\s+${table}\\b`, "i").test(text)))
      .map(({ file }) => file);
    expect(writers.every((file) => file.startsWith("modules/evidence/"))).toBe(true);
    expect(writers.length).toBeGreaterThan(0);
  });
});
