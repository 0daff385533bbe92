import { describe, expect, inject, it, vi } from "vitest";
import { commitTogether } from "#server/platform/fast/sqlite-group-commit.js";
import { suiteApp } from "../support/suite.js";

/**
 * Decision 0241: on SQLite the writes of one event-loop turn share one transaction and one COMMIT, each in a
 * savepoint of its own, and each is answered only once that COMMIT returned.
 */

const onPostgres = inject("testDb") === "postgres";
const app = suiteApp();

const PROBE = "insert into group_commit_probe (value) values (?)";

describe.skipIf(onPostgres)("writes that commit together", () => {
  it("share one begin and one commit; one that throws is rolled back alone and answered at once", async () => {
    const em = app.orm.em.fork();
    await em.execute("create table group_commit_probe (id integer primary key, value text not null)");
    const events: string[] = [];
    const spy = vi.spyOn(app.orm.config.getLogger(), "logQuery");
    spy.mockImplementation((context) => {
      const query = String(context.query);
      if (/^(begin|commit)$/.test(query)) events.push(query);
    });
    try {
      const write = (value: string) =>
        commitTogether(em, (statements) => statements.write(PROBE, [value])).then((changed) => {
          events.push(`answered ${value}`);
          return changed;
        });
      const refused = commitTogether(em, (statements) => {
        statements.write(PROBE, ["lost"]);
        throw new Error("refused");
      }).catch((error: Error) => {
        events.push("refused");
        throw error;
      });
      const settled = await Promise.allSettled([write("a"), refused, write("b")]);
      expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      // The refusal does not wait for the others' commit; the written ones are answered after it.
      expect(events).toEqual(["begin", "refused", "commit", "answered a", "answered b"]);
    } finally {
      spy.mockRestore();
    }
    const rows = await em.execute<{ value: string }[]>("select value from group_commit_probe order by id");
    expect(rows.map((row) => row.value)).toEqual(["a", "b"]);
  });

  it("a write of a later turn opens a transaction of its own", async () => {
    const em = app.orm.em.fork();
    const commits = vi.spyOn(app.orm.config.getLogger(), "logQuery");
    try {
      await commitTogether(em, (statements) => statements.write(PROBE, ["c"]));
      await commitTogether(em, (statements) => statements.write(PROBE, ["d"]));
      expect(commits.mock.calls.filter(([context]) => context.query === "commit")).toHaveLength(2);
    } finally {
      commits.mockRestore();
    }
  });
});
