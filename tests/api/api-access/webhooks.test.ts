import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMail, Webhook } from "#server/entities.js";
import { WEBHOOK_DELIVERY_JOB } from "#server/modules/api-access/index.js";
import type { DeliveryView, NewWebhookView, WebhookView } from "#server/modules/api-access/webhooks.presenter.js";
import { RETRY_DELAYS_MS } from "#server/modules/api-access/webhooks.rules.js";
import { WEBHOOK_MESSAGES as M } from "#shared/schemas/webhooks.js";
import { handDrivenMailSettingsFor, outboxSenderOf, startSmtpServer, type TestSmtpServer } from "../../support/smtp.js";
import { startTestApp, type TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { type OrgTeam, ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { courseWithLessons } from "../support/training-fixtures.js";

/** Webhooks (docs/decisions/0341-webhooks-through-the-outbox.md): signed, retried, never redirected, per organization. */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that records what it gets and answers with the status `answer` gives. */
class Receiver {
  readonly received: Received[] = [];
  answer: () => { status: number; location?: string } = () => ({ status: 204 });
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const { status, location } = this.answer();
      res.writeHead(status, location ? { location } : {}).end();
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The events received, each verified with the endpoint's secret by the standardwebhooks package. */
  verified(secret: string): { type: string; data: Record<string, unknown> }[] {
    const verifier = new StandardWebhook(secret);
    return this.received.map(
      (request) =>
        verifier.verify(request.body, request.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let now = Date.now();
let app: TestApp;
let smtp: TestSmtpServer;
let team: OrgTeam<"manager" | "learner">;
let other: OrgTeam;
const receivers: Receiver[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp(
    { ...handDrivenMailSettingsFor(smtp), ALLOW_PRIVATE_DESTINATIONS: "true" },
    { clock: () => now },
  );
  [team, other] = await Promise.all([
    orgWithMembers(app, { roles: ["manager", "learner"], label: "hooks" }),
    orgWithMembers(app, { label: "hooks-other" }),
  ]);
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await app?.close();
  await smtp?.close();
});

async function receiver(): Promise<Receiver> {
  const made = await new Receiver().start();
  receivers.push(made);
  return made;
}

const create = (api: ApiClient, input: Record<string, unknown>) => api.post("/_api/webhooks/create", input);
const newWebhook = async (url: string, events: string[], api = team.admin.api) =>
  ok<NewWebhookView>(await create(api, { url, events }));
const deliveries = async (webhookId: number, api = team.admin.api) =>
  ok<DeliveryView[]>(await api.get("/_api/webhooks/deliveries", { webhookId: String(webhookId) }));
/**
 * One round of the delivery job, as the scheduler's timer would run it. The server's clock never runs
 * behind the real one (completions are stamped with it), and only the tests move it ahead.
 */
const deliver = () => {
  now = Math.max(now, Date.now());
  return app.runScheduledJob(WEBHOOK_DELIVERY_JOB);
};

describe("making, listing and deleting endpoints", () => {
  it("shows the secret once, keeps it only sealed, and lists the endpoint without it", async () => {
    const hook = await receiver();
    const made = await newWebhook(hook.url, ["member.joined", "course.completed"]);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(made.webhook).toEqual({
      id: made.id,
      url: hook.url,
      events: ["member.joined", "course.completed"],
      createdAt: expect.any(Date),
      disabledAt: null,
    });
    const stored = await app.orm.em.fork().findOneOrFail(Webhook, { id: made.id }, { filters: false });
    expect(stored.sealedSecret).not.toContain(made.secret.slice(6));
    const listed = ok<WebhookView[]>(await team.admin.api.get("/_api/webhooks/list"));
    expect(listed.find((webhook) => webhook.id === made.id)).toEqual(made.webhook);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
  });

  it.each([
    [{ events: ["member.joined"] }, M.urlRequired],
    [{ url: "not an address", events: ["member.joined"] }, M.urlInvalid],
    [{ url: "ftp://example.com/x", events: ["member.joined"] }, M.urlInvalid],
    [{ url: `https://example.com/${"x".repeat(250)}`, events: ["member.joined"] }, M.urlTooLong],
    [{ url: "https://example.com/x", events: [] }, M.eventsRequired],
    [{ url: "https://example.com/x", events: ["training.everything"] }, M.eventInvalid],
  ])("%j → 400 with its message", async (input, message) => {
    expect(refusal(await create(team.admin.api, input))).toEqual({ status: 400, error: message });
  });

  it("lets only admins manage webhooks", async () => {
    for (const member of [team.members.manager, team.members.learner]) {
      expect((await create(member.api, { url: "https://example.com/x", events: ["member.joined"] })).status).toBe(403);
      expect((await member.api.get("/_api/webhooks/list")).status).toBe(403);
    }
  });

  it("is not found from another organization, which changes nothing", async () => {
    const hook = await receiver();
    const made = await newWebhook(hook.url, ["member.joined"]);
    const before = await rowsOfOrganization(app, team.org.id);
    expect(refusal(await other.admin.api.post("/_api/webhooks/delete", { id: made.id }))).toEqual({
      status: 404,
      error: M.notFound,
    });
    expect(refusal(await other.admin.api.get("/_api/webhooks/deliveries", { webhookId: String(made.id) }))).toEqual({
      status: 404,
      error: M.notFound,
    });
    expect(ok<WebhookView[]>(await other.admin.api.get("/_api/webhooks/list"))).toEqual([]);
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });

  it("deletes an endpoint with its deliveries", async () => {
    const hook = await receiver();
    const made = await newWebhook(hook.url, ["assignment.created"]);
    const { course } = await courseWithLessons(team.admin.api, { title: "Deleted hook course" }, 1);
    ok(
      await team.admin.api.post("/_api/assignments/create", {
        courseId: course.id,
        userIds: [team.members.learner.id],
      }),
    );
    expect(await deliveries(made.id)).toHaveLength(1);
    expect(ok(await team.admin.api.post("/_api/webhooks/delete", { id: made.id }))).toEqual({ deleted: true });
    expect(await app.orm.em.fork().count(OutboxMail, { webhook: made.id })).toBe(0);
    expect(refusal(await team.admin.api.post("/_api/webhooks/delete", { id: made.id }))).toEqual({
      status: 404,
      error: M.notFound,
    });
  });
});

describe("deliveries", () => {
  it("signs each chosen event per Standard Webhooks and delivers it once", async () => {
    const hook = await receiver();
    const made = await newWebhook(hook.url, ["lesson.completed", "course.completed", "assignment.created"]);
    const { course, lessons } = await courseWithLessons(team.admin.api, { title: "Signed course" }, 2);
    const learner = team.members.learner;
    ok(await team.admin.api.post("/_api/assignments/create", { courseId: course.id, userIds: [learner.id] }));
    for (const lesson of lessons) ok(await learner.api.post("/_api/lessons/complete", { lessonId: lesson.id }));
    // Completing again changes nothing and sends nothing.
    ok(await learner.api.post("/_api/lessons/complete", { lessonId: lessons[0]?.id }));
    await deliver();
    await deliver();
    const events = hook.verified(made.secret);
    expect(events.map((event) => event.type).sort()).toEqual([
      "assignment.created",
      "course.completed",
      "lesson.completed",
      "lesson.completed",
    ]);
    expect(events.find((event) => event.type === "course.completed")?.data).toMatchObject({
      organizationId: team.org.id,
      userId: learner.id,
      courseId: course.id,
      courseTitle: "Signed course",
    });
    expect(new Set(hook.received.map((request) => request.headers["webhook-id"])).size).toBe(4);
    const log = await deliveries(made.id);
    expect(log.map((delivery) => delivery.status)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
    expect(log[0]).toMatchObject({ responseStatus: 204, attempts: 1, error: null, request: { url: hook.url } });
  });

  it("retries after a 500 with backoff, and redelivers with the same message id", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 500 });
    const made = await newWebhook(hook.url, ["assignment.created"]);
    const { course } = await courseWithLessons(team.admin.api, { title: "Retried course" }, 1);
    ok(
      await team.admin.api.post("/_api/assignments/create", {
        courseId: course.id,
        userIds: [team.members.manager.id],
      }),
    );
    await deliver();
    expect(hook.received).toHaveLength(1);
    const [failed] = await deliveries(made.id);
    expect(failed).toMatchObject({ status: "retrying", attempts: 1, responseStatus: 500 });
    // Not before its backoff.
    await deliver();
    expect(hook.received).toHaveLength(1);
    now += RETRY_DELAYS_MS[0];
    hook.answer = () => ({ status: 200 });
    await deliver();
    expect(hook.received).toHaveLength(2);
    expect(hook.verified(made.secret)).toHaveLength(2);
    const [delivered] = await deliveries(made.id);
    expect(delivered).toMatchObject({ id: failed?.id, status: "delivered", attempts: 2, responseStatus: 200 });
    const again = ok<DeliveryView>(await team.admin.api.post("/_api/webhooks/redeliver", { deliveryId: failed?.id }));
    expect(again).toMatchObject({ status: "pending", messageId: failed?.messageId });
    await deliver();
    expect(hook.received.map((request) => request.headers["webhook-id"])).toEqual([
      failed?.messageId,
      failed?.messageId,
      failed?.messageId,
    ]);
    expect(refusal(await other.admin.api.post("/_api/webhooks/redeliver", { deliveryId: failed?.id }))).toEqual({
      status: 404,
      error: M.deliveryNotFound,
    });
  });

  it("follows no redirect: the address it points to gets nothing", async () => {
    const target = await receiver();
    const hook = await receiver();
    hook.answer = () => ({ status: 307, location: target.url });
    const made = await newWebhook(hook.url, ["assignment.created"]);
    const { course } = await courseWithLessons(team.admin.api, { title: "Redirected course" }, 1);
    ok(
      await team.admin.api.post("/_api/assignments/create", {
        courseId: course.id,
        userIds: [team.members.learner.id],
      }),
    );
    await deliver();
    expect(hook.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    const [delivery] = await deliveries(made.id);
    expect(delivery).toMatchObject({ status: "retrying", responseStatus: 307 });
    expect(delivery?.error).toContain("redirects are not followed");
  });

  it("gives up after a day of failures, turns the endpoint off, mails the admins, and sends it no more events", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 503 });
    const made = await newWebhook(hook.url, ["assignment.created"]);
    const { course } = await courseWithLessons(team.admin.api, { title: "Failing course" }, 1);
    ok(
      await team.admin.api.post("/_api/assignments/create", {
        courseId: course.id,
        userIds: [team.members.learner.id],
      }),
    );
    await deliver();
    for (const delay of RETRY_DELAYS_MS) {
      now += delay;
      await deliver();
    }
    expect(hook.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    const [delivery] = await deliveries(made.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1 });
    const listed = ok<WebhookView[]>(await team.admin.api.get("/_api/webhooks/list"));
    expect(listed.find((webhook) => webhook.id === made.id)?.disabledAt).toEqual(expect.any(Date));
    const mailedBefore = smtp.received.length;
    await outboxSenderOf(app, () => now).runOnce();
    // Other mail of the suite may go out in the same round (the redirecting endpoint above failed its day too).
    const mailed = smtp.received.slice(mailedBefore).filter((mail) => mail.text.includes(hook.url));
    expect(mailed.map((mail) => [mail.to, mail.subject])).toEqual([
      [[team.admin.email], `A webhook of ${team.org.name} was turned off`],
    ]);
    const second = await courseWithLessons(team.admin.api, { title: "Ignored course" }, 1);
    ok(
      await team.admin.api.post("/_api/assignments/create", {
        courseId: second.course.id,
        userIds: [team.members.learner.id],
      }),
    );
    expect(await deliveries(made.id)).toHaveLength(1);
  });
});
