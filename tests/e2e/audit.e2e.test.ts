import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, courseWithLessonViaApi, inviteAndJoin } from "./support/api-setup.js";
import { atPath, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * The audit trail (docs/decisions/0300-evidence-log.md): an admin opens it from the settings page, sees
 * the chain intact up to its last entry, filters the log by event, and downloads an inspection pack
 * that the standalone verifier accepts.
 */

const session = harnessSession();
const VERIFIER = path.resolve(import.meta.dirname, "../../scripts/verify-pack.mjs");
const downloads = mkdtempSync(path.join(tmpdir(), "trainwright-audit-e2e-"));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

describe("the audit trail", () => {
  for (const width of WIDTHS) {
    it(`shows the log intact, filters it and downloads a pack that verifies (${width}px)`, async () => {
      const admin = await session.open(width);
      const { org } = await adminWithOrg(admin, { name: "Harbour Works" });
      const member = await session.open(width);
      const learner = await inviteAndJoin(admin, member, "learner");
      const { lessonId } = await courseWithLessonViaApi(admin, { title: "Crane signals" }, { title: "Hand signals" });
      await apiPost(member, "/_api/lessons/complete", { lessonId });
      // The sequencer chains the new entries within a second: wait for it, not for a time.
      await expect
        .poll(async () => (await apiGet<{ pending: number; entries: number }>(admin, "/_api/audit/verify")).pending, {
          timeout: 15_000,
        })
        .toBe(0);
      const { entries } = await apiGet<{ entries: number }>(admin, "/_api/audit/verify");

      await admin.goto(`/${org.slug}/settings`);
      await (await visible(admin.getByRole("link", { name: "Audit trail" }))).click();
      await atPath(admin, `/${org.slug}/audit`);
      await visible(admin.getByRole("status").filter({ hasText: `Intact up to entry ${entries}` }));
      const log = await visible(admin.getByRole("list", { name: "Log entries" }));
      await visible(log.getByText(`Lesson completed · ${learner.name}`));
      await visible(log.getByText("Course published"));
      await look(admin, "audit-trail");
      expect(await accessibilityProblems(admin)).toEqual([]);

      await admin.getByRole("combobox", { name: "Filter by event" }).click();
      await admin.getByRole("option", { name: "Lesson completed" }).click();
      await expect.poll(() => log.getByRole("listitem").count()).toBe(1);
      await visible(log.getByText(/Crane signals · Hand signals/));
      await look(admin, "audit-trail-filtered");

      const [download] = await Promise.all([
        admin.waitForEvent("download"),
        admin.getByRole("button", { name: "Download pack" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^inspection-pack-.+\.zip$/);
      const file = path.join(downloads, `pack-${width}.zip`);
      await download.saveAs(file);
      const said = execFileSync(process.execPath, [VERIFIER, file], { encoding: "utf8" });
      // The pack takes the person and course filters, not the event kind: the whole log of the period.
      expect(said).toMatch(/^verified: (\d+) entries \(\1 in the selection\), first .+, signed by Harbour Works/);
    });
  }

  it("is not offered to a manager, whose address for it leads to the dashboard", async () => {
    const admin = await session.open(1280);
    const { org } = await adminWithOrg(admin);
    const manager = await session.open(1280);
    await inviteAndJoin(admin, manager, "manager");
    await manager.goto(`/${org.slug}/settings`);
    await visible(manager.getByRole("heading", { name: "Settings" }));
    expect(await manager.getByRole("link", { name: "Audit trail" }).count()).toBe(0);
    await manager.goto(`/${org.slug}/audit`);
    await atPath(manager, `/${org.slug}/dashboard`);
  });
});
