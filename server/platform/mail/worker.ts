import type { SqlEntityManager } from "@mikro-orm/knex";
import type { AppServices } from "#server/platform/api/trpc.js";
import type { MailSettings } from "#server/platform/http/config.js";
import type { ScheduledJob } from "#server/platform/scheduler/scheduler.js";
import { OutboxSender } from "./sender.js";
import { smtpTransport } from "./transport.js";

/**
 * The scheduled mails that are due at `now` (the reminders and summaries): given by the app's composition,
 * so that the outbox knows nothing of what the mails are about.
 */
export type ScheduledMail = (em: SqlEntityManager, mail: MailSettings, now: Date) => Promise<unknown>;

/** The mail job's name on the scheduler. */
const MAIL_JOB = "mail.send";

/**
 * Each instance's mail work, a job of the platform scheduler (docs/decisions/0401-jobs-on-the-scheduler.md)
 * every config.mailPollMs on every instance (the outbox's leases share the sending, decision 0130): run the
 * scheduled batches that are due, then send what the outbox holds. Its SMTP connections close after the
 * instance's last round. None without e-mail set up.
 */
export function mailJob(services: AppServices, scheduled: ScheduledMail): ScheduledJob | null {
  const mail = services.config.mail;
  if (!mail) return null;
  const transport = smtpTransport(mail);
  const sender = new OutboxSender({
    orm: services.orm,
    transport,
    clock: services.clock,
    messageIdDomain: new URL(mail.publicUrl).hostname,
  });
  return {
    name: MAIL_JOB,
    everyMs: services.config.mailPollMs,
    across: "each",
    run: async (em, now) => {
      await scheduled(em, mail, now);
      // A full batch may mean more is waiting; the rest waits for the next round.
      await sender.runOnce();
    },
    stopped: () => transport.close(),
  };
}
