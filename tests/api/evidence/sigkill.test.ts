import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import { createOrganization, registerUser } from "../../support/people.js";
import { TEST_SERVER_SETTINGS } from "../../support/settings.js";
import { ApiClient, newTranscript } from "../support/client.js";
import { createCourse, createLesson, createModule } from "../support/course-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { ok } from "../support/org-fixtures.js";
import { PROCESS_TEST_TIMEOUT_MS, type ServerProcess, startServerProcess } from "../support/server-process.js";

/**
 * Nothing lost (docs/decisions/0300-evidence-log.md): the server is killed (SIGKILL, no drain) in the middle
 * of a stream of completions; started again, every completion that was stored has its entry in the log
 * (the two commit together or not at all), the sequencer chains what the dead server left unsequenced,
 * and the pack exported then verifies with the standalone verifier.
 */

const VERIFIER = path.resolve(import.meta.dirname, "../../../scripts/verify-pack.mjs");
const LESSONS = 40;

let database: TestDatabase | undefined;
let servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers) await server.stop();
  servers = [];
  await database?.drop();
  database = undefined;
});

const settings = (db: TestDatabase) => ({
  ...TEST_SERVER_SETTINGS,
  DATA_DIR: db.dataDir,
  DATABASE_URL: db.databaseUrl ?? undefined,
});

describe("a server killed in the middle of a stream of completions", () => {
  it(
    "loses no entry of a stored completion, and the next pack verifies",
    async () => {
      database = await createTestDatabase();
      const first = await startServerProcess(settings(database));
      servers.push(first);
      const transcript = newTranscript();
      const admin = new ApiClient(first.url, transcript);
      const credentials = await registerUser(admin);
      await createOrganization(admin, { name: "Killed Midway" });
      const course = await createCourse(admin, { title: "Fall arrest", status: "published" });
      const module = await createModule(admin, course.id, "Harness");
      const lessons: LessonView[] = [];
      for (let index = 0; index < LESSONS; index++) {
        lessons.push(await createLesson(admin, module.id, { title: `Step ${index + 1}` }));
      }
      // The stream: every completion at once; the server dies once a few have been answered.
      let answered = 0;
      let killed: () => void = () => {};
      const fewAnswered = new Promise<void>((resolve) => {
        killed = resolve;
      });
      const stream = lessons.map(async (lesson) => {
        try {
          const response = await admin.post("/_api/lessons/complete", { lessonId: lesson.id });
          if (response.status === 200 && ++answered === 5) killed();
        } catch {
          // Cut off by the kill: the completion may or may not have been stored.
        }
      });
      await fewAnswered;
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      await Promise.all(stream);

      const second = await startServerProcess(settings(database));
      servers.push(second);
      const again = new ApiClient(second.url, transcript);
      ok(await again.post("/_api/auth/login", { email: credentials.email, password: credentials.password }));
      await expect
        .poll(async () => ok<{ pending: number }>(await again.get("/_api/audit/verify")).pending, { timeout: 30_000 })
        .toBe(0);
      const stored = ok<{ lessonIds: number[] }>(await again.get("/_api/users/completions")).lessonIds;
      expect(stored.length).toBeGreaterThanOrEqual(5);
      const completed: (number | null)[] = [];
      let cursor: number | null = null;
      do {
        const page: { entries: { kind: string; lessonId: number | null }[]; nextCursor: number | null } = ok(
          await again.get(
            "/_api/audit/list",
            cursor === null ? { kind: "lesson.completed" } : { kind: "lesson.completed", cursor: String(cursor) },
          ),
        );
        completed.push(...page.entries.map((entry) => entry.lessonId));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(completed.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([...stored].sort((a, b) => a - b));
      expect(ok<{ broken: unknown }>(await again.get("/_api/audit/verify")).broken).toBeNull();

      const today = new Date().toISOString().slice(0, 10);
      const pack = await again.post("/_api/audit/pack", { from: "2020-01-01", to: today });
      expect(pack.status).toBe(200);
      const folder = mkdtempSync(path.join(tmpdir(), "trainwright-sigkill-"));
      try {
        writeFileSync(path.join(folder, "pack.zip"), pack.bytes);
        const said = execFileSync(process.execPath, [VERIFIER, path.join(folder, "pack.zip")], { encoding: "utf8" });
        expect(said).toMatch(/^verified: /);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
