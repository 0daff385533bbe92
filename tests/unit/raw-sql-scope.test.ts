import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { EntityManager } from "@mikro-orm/core";
import { describe, expect, it } from "vitest";
import { inScope, scopedStatements } from "#server/platform/db/rows.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";
import type { SyncStatements } from "#server/platform/fast/sqlite-group-commit.js";

/**
 * Raw SQL names the request's organization one way (docs/decisions/0280-scoped-raw-sql.md): `inScope`, bound
 * by the runner of server/platform/db/rows.ts from the entity manager's tenant filter. This reads the
 * server's source and fails on an organization clause written by hand, and on a read across
 * organizations outside the places listed here.
 */

const SERVER = path.resolve(import.meta.dirname, "../../server");
/** The runner: the one file that writes the clause itself. */
const RUNNER = "platform/db/rows.ts";

/**
 * The reads that cross organizations on purpose, by file, each with its reason. The list may only shrink:
 * a file that no longer reads across organizations fails the test too, so that its line goes with it.
 */
const ACROSS_ORGANIZATIONS: Record<string, string> = {
  "modules/identity/sessions.data.ts":
    "the session and the memberships that decide which organization a request acts on, read before it has one",
  "platform/mail/sender.ts": "the outbox is one queue for every organization, claimed fairly across them",
  "modules/team/invitation-limits.ts": "a person's invitation limit counts what they sent in every organization",
  "modules/certifications/certificate-verification.data.ts":
    "a public verification link names a certificate by its code alone, before any organization is known",
  "modules/api-access/api-keys.data.ts":
    "an API key decides which organization a request acts on, read before it has one",
  "modules/evidence/evidence-sequencer.ts": "the sequencer chains the new entries of every organization in one round",
  "modules/evidence/evidence-checkpoints.ts":
    "the hourly round finds every organization whose chain grew since its last checkpoint",
};

function serverSources(): { file: string; text: string }[] {
  return readdirSync(SERVER, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".ts") && !file.startsWith("migrations/"))
    .map((file) => ({ file, text: readFileSync(path.join(SERVER, file), "utf8") }));
}

/** `organization_id = ?`, `= $1`, `= ${…}`, `= 7` or `organization_id in (`: an organization named by hand. */
const HAND_WRITTEN = /organization_id\s*(?:(?:=|<>|!=)\s*(?:\?|\$\d|\$\{|\d)|in\s*\()/i;

function handWrittenClauses(text: string): string[] {
  return text.split("\n").flatMap((line, index) => (HAND_WRITTEN.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

const sources = serverSources();

describe("raw SQL's organization", () => {
  it("is never written by hand outside the runner: inScope(alias) says it", () => {
    const found = sources
      .filter(({ file }) => file !== RUNNER)
      .flatMap(({ file, text }) => handWrittenClauses(text).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it("is crossed only where listed, by the runner's named functions", () => {
    const crossing = sources
      .filter(({ file, text }) => file !== RUNNER && /\breadRows?AcrossOrganizations\b/.test(text))
      .map(({ file }) => file);
    expect(crossing.sort()).toEqual(Object.keys(ACROSS_ORGANIZATIONS).sort());
  });

  it("catches the forms a hand-written clause takes, and not a join between two tables' columns", () => {
    expect(handWrittenClauses("where c.organization_id = ? and c.id = ?")).toHaveLength(1);
    expect(handWrittenClauses("where organization_id=$1")).toHaveLength(1);
    // An id written into the text: "… = ${organizationId}" in a template.
    expect(handWrittenClauses(["where m.organization_id = $", "{organizationId}"].join(""))).toHaveLength(1);
    expect(handWrittenClauses("where organization_id IN (?, ?)")).toHaveLength(1);
    expect(handWrittenClauses("on l.organization_id = m.organization_id")).toEqual([]);
    expect(handWrittenClauses(`where ${inScope("c")} and c.id = ?`)).toEqual([]);
  });
});

/** An entity manager that knows only its tenant filter's parameters. */
function managerOf(organizationId: number | undefined): EntityManager {
  const params = organizationId === undefined ? undefined : { organizationId };
  return { getFilterParams: (name: string) => (name === TENANT_FILTER ? params : undefined) } as EntityManager;
}

/** Statements that record what they were given. */
function recorder(): SyncStatements & { ran: [string, readonly unknown[]][] } {
  const ran: [string, readonly unknown[]][] = [];
  return {
    ran,
    read: <Row>(sql: string, params: readonly unknown[]) => {
      ran.push([sql, params]);
      return [] as Row[];
    },
    write: (sql: string, params: readonly unknown[]) => {
      ran.push([sql, params]);
      return 0;
    },
  };
}

describe("the runner", () => {
  it("binds the entity manager's organization at each inScope, between the caller's values", () => {
    const shared = recorder();
    const statements = scopedStatements(managerOf(7), shared);
    statements.read(
      `select l.id from lessons l join completions cp on cp.user_id = ? and cp.lesson_id = l.id
       where ${inScope("l")} and l.id = ? and exists (select 1 from modules m where ${inScope("m")})`,
      [3, 5],
    );
    const [[sql, params] = ["", []]] = shared.ran;
    expect(sql).toContain("where l.organization_id = ? and l.id = ? and exists");
    expect(sql).toContain("where m.organization_id = ?)");
    expect(sql).not.toContain("{{");
    expect(params).toEqual([3, 7, 5, 7]);
  });

  it("refuses an entity manager of no organization, a statement without inScope, and values that do not fit", () => {
    expect(() => scopedStatements(managerOf(undefined), recorder())).toThrow(/no organization/);
    const statements = scopedStatements(managerOf(7), recorder());
    expect(() => statements.read("select id from tags", [])).toThrow(/never says inScope/);
    expect(() => statements.write(`delete from tags where ${inScope()} and id = ?`, [])).toThrow(/0 values for 1/);
  });
});
