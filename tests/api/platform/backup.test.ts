import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "#server/platform/db/database-admin.js";
import { startTestApp, type TestApp } from "../support/app.js";

const PASSWORD = "a long enough password";
const backupDir = mkdtempSync(path.join(tmpdir(), "trainwright-backup-"));

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
});
afterAll(() => rmSync(backupDir, { recursive: true, force: true }));

async function organizationsOf(app: TestApp, email: string): Promise<string[]> {
  const agent = app.newAgent();
  const login = await agent.post("/_api/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  const list = await agent.get("/_api/orgs/list");
  expect(list.status).toBe(200);
  return (list.body as { slug: string }[]).map((org) => org.slug).sort();
}

describe("backup and restore", () => {
  it("round-trips a populated database, while the server runs for the backup", async () => {
    const app = await startTestApp();
    apps.push(app);
    const admin = app.newAgent();
    expect(
      (await admin.post("/_api/auth/register", { name: "Ann", email: "ann@example.com", password: PASSWORD })).status,
    ).toBe(200);
    for (const slug of ["first-org", "second-org"]) {
      expect((await admin.post("/_api/orgs/create", { name: slug, slug })).status).toBe(200);
    }
    const file = path.join(backupDir, `${app.config.databaseUrl ? "pg" : "sqlite"}.backup`);
    await backupDatabase(app.config, file);
    expect(existsSync(file)).toBe(true);

    // After the backup: a third organization and a second person, both to be undone by the restore.
    expect((await admin.post("/_api/orgs/create", { name: "after", slug: "after-backup" })).status).toBe(200);
    expect(
      (await app.newAgent().post("/_api/auth/register", { name: "Bob", email: "bob@example.com", password: PASSWORD }))
        .status,
    ).toBe(200);
    expect(await organizationsOf(app, "ann@example.com")).toEqual(["after-backup", "first-org", "second-org"]);

    // Restore with the server stopped, then start a server on the restored database.
    const settings = { databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir };
    await app.orm.close(true);
    await restoreDatabase(settings, file);
    const restored = await startTestApp({}, { sameDatabaseAs: app });
    apps.unshift(restored);
    expect(await organizationsOf(restored, "ann@example.com")).toEqual(["first-org", "second-org"]);
    const bob = await restored.newAgent().post("/_api/auth/login", { email: "bob@example.com", password: PASSWORD });
    expect(bob.status).toBe(401);
  });

  it("refuses a file that is not a backup, and changes nothing", async () => {
    const app = await startTestApp();
    apps.push(app);
    expect(
      (await app.api.post("/_api/auth/register", { name: "Cy", email: "cy@example.com", password: PASSWORD })).status,
    ).toBe(200);
    const junk = path.join(backupDir, "junk.backup");
    writeFileSync(junk, "this is not a database");
    await expect(restoreDatabase(app.config, junk)).rejects.toThrow(
      /not (an SQLite database|a Trainwright backup)|pg_restore failed/,
    );
    await expect(restoreDatabase(app.config, path.join(backupDir, "none"))).rejects.toThrow(/there is no backup/);
    expect(await organizationsOf(app, "cy@example.com")).toEqual([]);
  });
});
