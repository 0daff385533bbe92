import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminWithOrg, apiGet, apiPost, departmentWithRoles, inviteAndJoin } from "./support/api-setup.js";
import { atPath, screenshot, visible } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * Certificates (docs/decisions/0310–0312): an admin makes a course a 12-month certification on the
 * course form; a cook completes it, finds it under "My certificates", downloads its PDF and opens its
 * verification page signed out; the admin sees who holds what, filters by expiry and exports CSV.
 */

const session = harnessSession();
const SHOTS = "/tmp/shots-certifications";

/** A screenshot under SHOTS as well as the suite's own folder, and the layout check. */
async function shot(page: Page, name: string) {
  await look(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(await screenshot(page, name), path.join(SHOTS, `${name}.png`));
}

async function scene(width: number) {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Harbour Bistro" });
  const kitchen = await departmentWithRoles(admin, { name: "Kitchen" }, ["Cook"]);
  const cook = await session.open(width);
  const cookPerson = await inviteAndJoin(admin, cook, "learner", kitchen.roleIds);
  return { slug: org.slug, admin, cook, cookPerson };
}

describe("certificates", () => {
  for (const width of [1280, 375]) {
    it(`a certification set on the course form, earned, downloaded, verified and listed (${width} px)`, async () => {
      const { slug, admin, cook, cookPerson } = await scene(width);

      // The course form's certificate fields.
      await admin.goto(`/${slug}/courses/create`);
      await atPath(admin, `/${slug}/courses/create`);
      await (await visible(admin.getByLabel("Title"))).fill("Allergen Awareness");
      await admin.getByText("Issues a certificate").click();
      await (await visible(admin.getByLabel("Valid for (months)"))).fill("12");
      await expect.poll(() => admin.getByLabel("Assign again (days before expiry)").inputValue()).toBe("30");
      await admin.getByText("Published", { exact: true }).click();
      if (width === 1280) await shot(admin, `certificates-course-form-${width}`);
      await admin.getByRole("button", { name: "Create Course" }).click();
      await admin.waitForURL(/\/courses\/\d+$/);
      const courseId = Number(admin.url().split("/").pop());
      const course = await apiGet<{ certification: unknown }>(admin, `/_api/courses/get?id=${courseId}`);
      expect(course.certification).toEqual({ validityMonths: 12, recertifyDaysBefore: 30 });
      const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId, title: "Basics" });
      const lesson = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
        moduleId: module.id,
        title: "The fourteen allergens",
      });

      // The cook completes it and finds the certificate.
      await apiPost(cook, "/_api/lessons/complete", { lessonId: lesson.id });
      await cook.goto(`/${slug}/dashboard`);
      await atPath(cook, `/${slug}/dashboard`);
      // My training names the certificate beside the course.
      await visible(cook.getByText(/^Certificate: Valid, expires /));
      await shot(cook, `certificates-my-training-${width}`);
      await (await visible(cook.getByRole("link", { name: "My certificates" }))).click();
      const card = await visible(cook.getByRole("listitem", { name: "Allergen Awareness" }));
      await expect.poll(() => card.textContent()).toContain("Valid");
      expect(await accessibilityProblems(cook)).toEqual([]);
      await shot(cook, `certificates-mine-${width}`);
      const [pdf] = await Promise.all([
        cook.waitForEvent("download"),
        card.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(
        readFileSync(await pdf.path())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      const href = await card.getByRole("link", { name: "Open verification page" }).getAttribute("href");
      expect(href).toMatch(/^\/verify\/[A-Za-z0-9_-]{24}$/);

      // Anyone, signed out, on any phone.
      const stranger = await session.open(width);
      await stranger.goto(href ?? "");
      await visible(stranger.getByText(/^Valid until /));
      await visible(stranger.getByText(cookPerson.name));
      expect(await stranger.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
      expect(await accessibilityProblems(stranger, "main")).toEqual([]);
      await shot(stranger, `certificates-verify-${width}`);

      // The admin sees who holds what, filters by expiry, and exports.
      await admin.goto(`/${slug}/certificates`);
      await atPath(admin, `/${slug}/certificates`);
      const table = await visible(admin.getByRole("region", { name: "Certificates held" }));
      await visible(table.getByRole("row").filter({ hasText: cookPerson.name }).filter({ hasText: "Cook" }));
      expect(await accessibilityProblems(admin)).toEqual([]);
      await shot(admin, `certificates-team-${width}`);
      await admin.getByRole("combobox", { name: "Filter by expiry" }).click();
      await admin.getByRole("option", { name: "Expiring in 30 days" }).click();
      await visible(admin.getByText("No certificates match these filters."));
      await admin.getByRole("combobox", { name: "Filter by expiry" }).click();
      await admin.getByRole("option", { name: "Any expiry" }).click();
      await visible(admin.getByRole("region", { name: "Certificates held" }));
      const [csv] = await Promise.all([
        admin.waitForEvent("download"),
        admin.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      const text = readFileSync(await csv.path(), "utf8");
      expect(text).toContain("Holder,Certification,Number,Status");
      expect(text).toContain(`${cookPerson.name},Allergen Awareness`);

      // The course report names each member's certificate of it.
      await admin.goto(`/${slug}/reports/courses/${courseId}`);
      await atPath(admin, `/${slug}/reports/courses/${courseId}`);
      const members = await visible(admin.getByRole("region", { name: "Members of this course" }));
      await visible(members.getByText(/^Until /).first());
      await expect.poll(() => members.textContent()).toContain("Valid");
      expect(await accessibilityProblems(admin)).toEqual([]);
      await shot(admin, `certificates-course-report-${width}`);
    });
  }
});
