import { copyFileSync, mkdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithOrg, apiPost, courseWithLessonViaApi } from "./support/api-setup.js";
import { screenshot, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/** Settings → Webhooks (docs/decisions/0341-webhooks-through-the-outbox.md), for admins. */

// The receiver runs on this machine: the server may reach it only with the setting on.
const session = harnessSession({ env: { ALLOW_PRIVATE_DESTINATIONS: "true" } });
const SHOTS = "/tmp/shots-webhooks";

async function lookAndKeep(page: Page, name: string): Promise<void> {
  await look(page, name);
  mkdirSync(SHOTS, { recursive: true });
  const file = await screenshot(page, name);
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(204).end();
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe.each(WIDTHS)("webhooks at %i px", (width) => {
  it("an admin adds an endpoint, copies its secret, sees signed deliveries, redelivers one, and deletes it", async () => {
    const page = await session.open(width);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const { org } = await adminWithOrg(page);
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${width}`;
    const mine = () => received.filter((request) => request.path === `/hooks/${width}`);
    await page.goto(`/${org.slug}/settings`);
    await visible(page.getByRole("heading", { name: "Webhooks", level: 2 }));
    await visible(page.getByText("No webhooks yet."));

    await page.getByLabel("Endpoint address").fill(endpoint);
    await page.getByRole("checkbox", { name: /A lesson was completed/ }).check();
    expect(await page.getByRole("checkbox", { name: /A course was completed/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Add webhook" }).click();
    const notice = page.getByRole("status").filter({ hasText: "It is shown only once." });
    await visible(notice);
    const secret = (await notice.locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await notice.getByRole("button", { name: "Copy the secret" }).click();
    await visible(notice.getByText("Copied"));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await accessibilityProblems(page)).toEqual([]);
    await lookAndKeep(page, "webhooks-new");
    await notice.getByRole("button", { name: "Done" }).click();

    const { lessonId } = await courseWithLessonViaApi(page, { title: "Knife safety" }, { title: "Grip" });
    await apiPost(page, "/_api/lessons/complete", { lessonId });
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(2);
    const verifier = new StandardWebhook(secret);
    const types = mine().map(
      (request) => (verifier.verify(request.body, request.headers as Record<string, string>) as { type: string }).type,
    );
    expect(types.sort()).toEqual(["course.completed", "lesson.completed"]);

    await page.reload();
    const list = page.getByRole("list", { name: "Webhooks" });
    await visible(list.getByText(endpoint));
    await list.getByRole("button", { name: "Deliveries" }).click();
    const log = page.getByRole("list", { name: `Deliveries to ${endpoint}` });
    await expect.poll(() => log.getByText("Delivered").count(), { timeout: 15_000 }).toBe(2);
    await visible(log.getByText(/HTTP 204/).first());
    expect(await accessibilityProblems(page)).toEqual([]);
    await lookAndKeep(page, "webhooks-deliveries");

    const first = log.getByRole("listitem").first();
    await first.getByText("Request").click();
    await visible(first.getByText(/"type":/));
    await first.getByRole("button", { name: "Redeliver" }).click();
    await visible(page.getByText("Delivery queued again."));
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(3);
    const ids = mine().map((request) => request.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(2);

    await list.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this webhook?" });
    await visible(confirm);
    await lookAndKeep(page, "webhooks-delete");
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await visible(page.getByText("Webhook deleted."));
    await visible(page.getByText("No webhooks yet."));
  });
});
