import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { adminWithOrg, inviteAndJoin } from "./support/api-setup.js";
import { atPath, screenshot, toast, visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Certificates earned elsewhere (docs/decisions/0350-external-certificates.md): a cook sends a CPR card
 * with its scan, the admin approves it and rejects another with a reason; the approved one is among the
 * cook's certificates with its scan, and in the team's list.
 */

const session = harnessSession();
const SHOTS = "/tmp/shots-certs2";

async function shot(page: Page, name: string) {
  await look(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(await screenshot(page, name), path.join(SHOTS, `${name}.png`));
}

/** A real, small PNG: the scan a phone's camera would give, in miniature. */
function scanPng(): Buffer {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

async function sendCard(page: Page, card: { title: string; issuer: string; issuedOn: string; expiresOn: string }) {
  await (await visible(page.getByRole("button", { name: "Add a certificate" }))).click();
  const form = await visible(page.getByRole("form", { name: "Certificate earned elsewhere" }));
  await form.getByLabel("Certificate name").fill(card.title);
  await form.getByLabel("Issued by").fill(card.issuer);
  await form.getByLabel("Issued on").fill(card.issuedOn);
  await form.getByLabel("Expires on (optional)").fill(card.expiresOn);
  await form.getByLabel("Scan of the certificate").setInputFiles({
    name: "card.png",
    mimeType: "image/png",
    buffer: scanPng(),
  });
  return form;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("certificates earned elsewhere", () => {
  for (const width of [1280, 375]) {
    it(`a cook sends cards with scans; the admin approves one and rejects one (${width} px)`, async () => {
      const admin = await session.open(width);
      const { org } = await adminWithOrg(admin, { name: "Harbour Bistro" });
      const cook = await session.open(width);
      const cookPerson = await inviteAndJoin(admin, cook, "learner");
      const slug = org.slug;

      await cook.goto(`/${slug}/certificates`);
      await atPath(cook, `/${slug}/certificates`);
      await visible(cook.getByRole("heading", { name: "My certificates from elsewhere" }));
      const form = await sendCard(cook, {
        title: "CPR card",
        issuer: "Red Cross",
        issuedOn: day(-20),
        expiresOn: day(700),
      });
      expect(await accessibilityProblems(cook)).toEqual([]);
      await shot(cook, `external-form-${width}`);
      await form.getByRole("button", { name: "Send for approval" }).click();
      await toast(cook, "Certificate sent for approval.");
      const sent = cook.getByRole("list", { name: "Sent certificates" });
      await visible(sent.getByRole("listitem", { name: "CPR card" }).getByText("Waiting for approval"));
      const second = await sendCard(cook, {
        title: "Forklift licence",
        issuer: "Dock Academy",
        issuedOn: day(-5),
        expiresOn: day(360),
      });
      await second.getByRole("button", { name: "Send for approval" }).click();
      await visible(sent.getByRole("listitem", { name: "Forklift licence" }));
      await shot(cook, `external-sent-${width}`);

      // The admin reviews: approve one, reject the other with a reason.
      await admin.goto(`/${slug}/certificates`);
      await atPath(admin, `/${slug}/certificates`);
      const waiting = await visible(admin.getByRole("list", { name: "Waiting for approval or rejected" }));
      const cpr = await visible(waiting.getByRole("listitem", { name: "CPR card" }));
      await visible(cpr.getByText(`${cookPerson.name} · Red Cross`));
      expect(await accessibilityProblems(admin)).toEqual([]);
      await shot(admin, `external-review-${width}`);
      const [scan] = await Promise.all([
        admin.waitForEvent("download"),
        cpr.getByRole("button", { name: "Download scan" }).click(),
      ]);
      expect(
        readFileSync(await scan.path())
          .subarray(1, 4)
          .toString(),
      ).toBe("PNG");
      await cpr.getByRole("button", { name: "Approve" }).click();
      await toast(admin, "Certificate approved.");
      await expect.poll(() => waiting.getByRole("listitem", { name: "CPR card" }).count()).toBe(0);
      const held = await visible(admin.getByRole("region", { name: "Certificates held" }));
      await visible(held.getByRole("row").filter({ hasText: cookPerson.name }).filter({ hasText: "CPR card" }));
      const forklift = waiting.getByRole("listitem", { name: "Forklift licence" });
      await forklift.getByRole("button", { name: "Reject" }).click();
      await forklift.getByLabel("Reason for rejecting").fill("The scan is unreadable.");
      await forklift.getByRole("button", { name: "Reject certificate" }).click();
      await toast(admin, "Certificate rejected.");
      await visible(forklift.getByText("Rejected: The scan is unreadable."));

      // The cook finds the approved card among their certificates, with its scan, and the reason of the other.
      await cook.reload();
      const card = await visible(cook.getByRole("listitem", { name: "CPR card" }).filter({ hasText: "Issued by" }));
      await visible(card.getByText("Red Cross"));
      expect(await card.getByRole("button", { name: "Download PDF" }).count()).toBe(0);
      await visible(card.getByRole("button", { name: "Download scan" }));
      await visible(cook.getByText("Rejected: The scan is unreadable."));
      expect(await accessibilityProblems(cook)).toEqual([]);
      await shot(cook, `external-mine-${width}`);
    });
  }
});
