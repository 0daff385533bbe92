import { describe, expect, it } from "vitest";
import { MEMBERS_PAGE_SIZE } from "#shared/constants.js";
import { adminWithOrg, inviteAndJoin } from "./support/api-setup.js";
import { visible } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";

/**
 * The team page loads a page at a time, not everything: one page of members (decision 0122), the next as the
 * end of the list scrolls into view.
 */

const session = harnessSession();

describe("the team list, a page at a time (decision 0122)", () => {
  it("loads the second page of members as the list scrolls", async () => {
    const adminPage = await session.open(1280);
    const { org } = await adminWithOrg(adminPage);
    // The admin and a full page of people who joined: one member more than a page holds.
    const joiner = await session.open(1280);
    for (let joined = 0; joined < MEMBERS_PAGE_SIZE; joined += 1) await inviteAndJoin(adminPage, joiner, "user");

    const memberRequests: string[] = [];
    adminPage.on("request", (request) => {
      if (request.url().includes("/_api/trpc/") && request.url().includes("team.members")) {
        memberRequests.push(request.url());
      }
    });
    await adminPage.goto(`/${org.slug}/team`);
    const members = adminPage.getByRole("list", { name: "Team members" }).getByRole("listitem");
    await visible(members.first());
    expect(await members.count()).toBe(MEMBERS_PAGE_SIZE);
    expect(memberRequests).toHaveLength(1);

    await adminPage.getByRole("button", { name: "Show more" }).scrollIntoViewIfNeeded();
    await expect.poll(() => members.count()).toBe(MEMBERS_PAGE_SIZE + 1);
    await expect.poll(() => adminPage.getByRole("button", { name: "Show more" }).count()).toBe(0);
    expect(memberRequests).toHaveLength(2);
  });
});
