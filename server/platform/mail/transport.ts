import nodemailer from "nodemailer";
import type { MailSettings } from "#server/platform/http/config.js";

/** What the sender needs of a mail server: one message at a time, an error when it is refused. */
export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row: a resend after a crash carries the same Message-ID, so mail systems can drop it. */
  messageId: string;
}

/** How long one SMTP conversation may stall: well under the sender's lease, so a claimed mail never outlives it. */
const SMTP_TIMEOUT_MS = 30_000;

export function smtpTransport(settings: MailSettings): MailTransport {
  // nodemailer reads options from the URL's query; the operator's own values there win.
  const url = new URL(settings.smtpUrl);
  for (const option of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      await transporter.sendMail({ from: settings.from, ...message });
    },
    close: () => transporter.close(),
  };
}
