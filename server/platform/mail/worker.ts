import { hostname } from "node:os";
import type { SqlEntityManager } from "@mikro-orm/knex";
import type { FastifyInstance } from "fastify";
import { type AppServices, nowOf } from "#server/platform/api/trpc.js";
import type { MailSettings } from "#server/platform/http/config.js";
import { OutboxSender } from "./sender.js";
import { type MailTransport, smtpTransport } from "./transport.js";

/**
 * The scheduled mails that are due at `now` (the reminders and summaries): given by the app's composition,
 * so that the outbox knows nothing of what the mails are about.
 */
export type ScheduledMail = (em: SqlEntityManager, mail: MailSettings, now: Date) => Promise<unknown>;

/**
 * Each instance's mail work, on a timer (config.mailPollMs): run the scheduled batches that are due, then
 * send what the outbox holds. Started when the app listens; stopped (waiting for the tick in progress)
 * when it drains or closes. Only with e-mail set up.
 */
class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  readonly sender: OutboxSender;

  constructor(
    private readonly services: AppServices,
    private readonly scheduled: ScheduledMail,
    private readonly transport: MailTransport,
    private readonly log: (error: unknown) => void,
  ) {
    this.sender = new OutboxSender({
      orm: services.orm,
      transport,
      clock: services.clock,
      messageIdDomain: services.config.mail ? new URL(services.config.mail.publicUrl).hostname : hostname(),
    });
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.services.config.mailPollMs);
    this.timer.unref();
  }

  /** One round; a round still running is not overlapped. */
  tick(): Promise<void> {
    if (this.running || this.stopped) return this.running ?? Promise.resolve();
    this.running = this.round()
      .catch(this.log)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async round(): Promise<void> {
    const { mail } = this.services.config;
    if (!mail) return;
    await this.scheduled(this.services.orm.em.fork(), mail, nowOf(this.services));
    // A full batch may mean more is waiting; the rest waits for the next tick.
    if (!this.stopped) await this.sender.runOnce();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport.close();
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Null without e-mail set up. */
    mailWorker: MailWorker | null;
  }
}

export function registerMailWorker(app: FastifyInstance, services: AppServices, scheduled: ScheduledMail): void {
  const mail = services.config.mail;
  const worker = mail
    ? new MailWorker(services, scheduled, smtpTransport(mail), (error) =>
        app.log.error({ err: error }, "mail worker failed"),
      )
    : null;
  app.decorate("mailWorker", worker);
  if (!worker) return;
  app.addHook("onListen", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
  app.lifecycle.beforeDrain.push(() => worker.stop());
}
