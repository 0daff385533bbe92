import { request } from "node:http";
import { describe, expect, it } from "vitest";
import type { PendingInvitationView } from "#server/modules/team/invitations.presenter.js";
import { decodeBody } from "../../support/agent.js";
import { newCredentials } from "../../support/people.js";
import { mailSettingsFor, startSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { ok, orgWithMembers, tokenOf } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Invite links are built on PUBLIC_URL, or without it on the address the server listens on; never on
 * the Host header (or X-Forwarded-Host) a caller sends, so nobody can put their own site into a real
 * invitation mail (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 */

const EVIL = "evil.test";

/** A signed-in call with a Host header of the caller's choosing (fetch always sends the real one). */
function postWithHost(app: TestApp, api: ApiClient, path: string, body: unknown, host: string) {
  const url = new URL(path, app.url);
  const text = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown; text: string }>((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          host,
          "x-forwarded-host": host,
          "x-forwarded-proto": "https",
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
          cookie: api.jar.header() ?? "",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answer = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, body: decodeBody(answer), text: answer });
        });
      },
    );
    call.on("error", reject);
    call.end(text);
  });
}

/** Every way an invitation is made, each called with Host: evil.test; answers the links they gave. */
async function linksMadeUnderEvilHost(app: TestApp): Promise<string[]> {
  const team = await orgWithMembers(app, { label: "hostlinks" });
  const api = team.admin.api;
  const [one, many] = [newCredentials("host-one"), newCredentials("host-many")];
  const invited = ok<{ inviteLink: string }>(
    await postWithHost(app, api, "/_api/team/invite", { name: one.name, email: one.email }, EVIL),
  );
  const bulk = ok<{ invited: { inviteLink: string }[] }>(
    await postWithHost(app, api, "/_api/team/invite-many", { rows: [{ name: many.name, email: many.email }] }, EVIL),
  );
  const [pending] = ok<PendingInvitationView[]>(await api.get("/_api/team/invitations")).filter(
    (row) => row.email === one.email,
  );
  const resent = ok<{ inviteLink: string }>(
    await postWithHost(app, api, "/_api/team/resend-invite", { invitationId: pending?.id }, EVIL),
  );
  return [invited.inviteLink, ...bulk.invited.map((row) => row.inviteLink), resent.inviteLink];
}

describe("without PUBLIC_URL (the embedded default, no e-mail)", () => {
  const app = suiteApp();

  it("builds the links on the address the server listens on, whatever Host the caller sends", async () => {
    const links = await linksMadeUnderEvilHost(app);
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).not.toContain(EVIL);
      expect(new URL(link).origin).toBe(app.url);
    }
    // The bulk one and the resent one work (the resend ended the first).
    for (const link of links.slice(1)) {
      ok(await app.newAgent().get("/_api/team/decode-invite", { token: tokenOf(link) }));
    }
  });
});

describe("with PUBLIC_URL and no e-mail", () => {
  const app = suiteApp({ PUBLIC_URL: "https://training.example.com/" });

  it("builds the links on PUBLIC_URL", async () => {
    for (const link of await linksMadeUnderEvilHost(app)) {
      expect(link).toMatch(/^https:\/\/training\.example\.com\/hostlinks-[a-z0-9-]+\/invite\?token=/);
    }
  });
});

describe("with e-mail set up", () => {
  const smtp = suiteFixture(startSmtpServer, (server) => server.close());
  const app = suiteFixture(
    () => startTestApp({ ...mailSettingsFor(smtp), MAIL_POLL_MS: "50" }, { scheduledTimers: true }),
    (started) => started.close(),
  );

  it("mails links on PUBLIC_URL only, even to a caller sending Host: evil.test", async () => {
    const links = await linksMadeUnderEvilHost(app);
    const arrived = await smtp.waitFor(3);
    expect(arrived.length).toBeGreaterThanOrEqual(3);
    for (const mail of arrived) {
      expect(mail.text).not.toContain(EVIL);
      expect(mail.html).not.toContain(EVIL);
      expect(mail.text).toContain("http://trainwright.example.test/hostlinks-");
    }
    for (const link of links) expect(link.startsWith("http://trainwright.example.test/")).toBe(true);
  });
});
