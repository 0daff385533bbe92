import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { EntityManager } from "@mikro-orm/core";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Membership, Organization } from "#server/modules/organizations/index.js";
import type { AppServices } from "#server/platform/api/trpc.js";
import { unseal } from "#server/platform/crypto/sealing.js";
import { serverSecretKey } from "#server/platform/crypto/secret-key.js";
import { TENANT_FILTER } from "#server/platform/db/tenant-filter.js";
import type { OutboxMail } from "#server/platform/mail/outbox.entity.js";
import { queueMail } from "#server/platform/mail/outbox.js";
import { describeError, type OutboxAttempt, type OutboxChannel, OutboxSender } from "#server/platform/mail/sender.js";
import { renderMail } from "#server/platform/mail/templates.js";
import type { ScheduledJob } from "#server/platform/scheduler/scheduler.js";
import { Webhook } from "./webhook.entity.js";
import { WEBHOOK_SECRET_PURPOSE } from "./webhooks.data.js";
import { destinationRefusal, isPrivateAddress, retryAfterMs } from "./webhooks.rules.js";

/**
 * Webhook deliveries, the outbox's HTTP channel (docs/decisions/0341-webhooks-through-the-outbox.md): each
 * attempt resolves the endpoint's host and refuses private addresses (unless ALLOW_PRIVATE_DESTINATIONS),
 * connects to the very address it checked, signs per Standard Webhooks, follows no redirect, gives up
 * after WEBHOOK_TIMEOUT_MS and reads back at most RESPONSE_READ_BYTES.
 */

const WEBHOOK_TIMEOUT_MS = 5_000;
const RESPONSE_READ_BYTES = 4096;

/** The scheduler's job that sends the due deliveries (a test runs it with `app.scheduler.run`). */
export const WEBHOOK_DELIVERY_JOB = "webhooks.deliver";
const DELIVER_EVERY_MS = 1_000;

class Undeliverable extends Error {}

interface Answer {
  status: number;
}

/** One POST to `address` (already checked), as `url`'s host; the answer's status, its body left unread past the cap. */
function post(url: URL, address: { address: string; family: number }, headers: Record<string, string>, body: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
      {
        method: "POST",
        host: address.address,
        family: address.family,
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        // The certificate is checked against the endpoint's name, not the address connected to.
        servername: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        headers: {
          ...headers,
          host: url.host,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Trainwright-Webhooks/1",
        },
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response: IncomingMessage) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_READ_BYTES) response.destroy();
        });
        response.on("close", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The address to connect to: the host's first, every one of them checked. */
async function checkedAddress(url: URL, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = await lookup(host, { all: true, verbatim: true });
  const first = addresses[0];
  if (!first) throw new Undeliverable(`${host} has no address`);
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new Undeliverable(`${host} resolves to a private address`);
  }
  return first;
}

async function attemptDelivery(services: AppServices, message: OutboxMail): Promise<OutboxAttempt> {
  const { config } = services;
  const em = services.orm.em.fork();
  const webhookId = message.webhook?.id;
  const webhook = webhookId ? await em.findOne(Webhook, { id: webhookId }, { filters: false }) : null;
  if (!webhook) return { delivered: false, error: "The endpoint was deleted", permanent: true };
  if (webhook.disabledAt) return { delivered: false, error: "The endpoint is turned off", permanent: true };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = new URL(message.recipient);
    const refusal = destinationRefusal(url, config.allowPrivateDestinations);
    if (refusal) throw new Undeliverable(refusal);
    const address = await checkedAddress(url, config.allowPrivateDestinations);
    const secret = unseal(webhook.sealedSecret, serverSecretKey(config), WEBHOOK_SECRET_PURPOSE).toString("utf8");
    const messageId = message.messageId ?? `msg_outbox_${message.id}`;
    // The real time of sending: receivers hold it against their own clocks.
    const sentAt = new Date();
    const headers = {
      "webhook-id": messageId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": new StandardWebhook(secret).sign(messageId, sentAt, message.text),
    };
    const answer = await post(url, address, headers, message.text);
    const measured = { responseStatus: answer.status, responseMs: elapsed() };
    if (answer.status >= 200 && answer.status < 300) return { delivered: true, ...measured };
    const redirect = answer.status >= 300 && answer.status < 400 ? " (redirects are not followed)" : "";
    return {
      delivered: false,
      error: `The endpoint answered ${answer.status}${redirect}`,
      permanent: false,
      ...measured,
    };
  } catch (error) {
    return { delivered: false, error: describeError(error), permanent: false, responseMs: elapsed() };
  }
}

/**
 * A delivery that failed for a day turns its endpoint off (once: a second one finds it off already) and
 * tells the organization's admins by e-mail, when e-mail is set up.
 */
async function turnOff(services: AppServices, em: EntityManager, message: OutboxMail, now: Date): Promise<void> {
  const webhookId = message.webhook?.id;
  const organizationId = message.organization?.id;
  if (!webhookId || !organizationId) return;
  const scoped = { filters: { [TENANT_FILTER]: { organizationId } } };
  const turned = await em.nativeUpdate(Webhook, { id: webhookId, disabledAt: null }, { disabledAt: now }, scoped);
  const mail = services.config.mail;
  if (turned === 0 || !mail) return;
  const organization = await em.findOneOrFail(Organization, { id: organizationId }, { filters: false });
  const admins = await em.find(
    Membership,
    { organization: organizationId, role: "admin" },
    { populate: ["user"], filters: false },
  );
  for (const admin of admins) {
    const content = renderMail({
      subject: `A webhook of ${organization.name} was turned off`,
      from: organization.name,
      blocks: [
        {
          paragraph: `Deliveries to ${message.recipient} kept failing for a day, so it receives no more events. Its delivery log on the settings page shows each answer.`,
        },
        {
          paragraph:
            "Once the receiver works again, redeliver one of its deliveries on the settings page to turn it back on.",
        },
        { button: { label: "Open the settings", url: `${mail.publicUrl}/${organization.slug}/settings` } },
      ],
    });
    queueMail(em, { ...content, kind: "notice", recipient: admin.user.email, organization }, now);
  }
  await em.flush();
}

function webhookChannel(services: AppServices): OutboxChannel {
  return {
    kinds: ["webhook"],
    keepsBodies: true,
    retryAfterMs,
    attempt: (message) => attemptDelivery(services, message),
    givenUp: (em, message, now) => turnOff(services, em, message, now),
  };
}

/** The scheduler's job that sends due deliveries, on every instance: the outbox's leases keep them apart. */
export function webhookJobs(services: AppServices): ScheduledJob[] {
  const sender = new OutboxSender({ orm: services.orm, clock: services.clock, channel: webhookChannel(services) });
  return [{ name: WEBHOOK_DELIVERY_JOB, everyMs: DELIVER_EVERY_MS, across: "each", run: () => sender.runOnce() }];
}
