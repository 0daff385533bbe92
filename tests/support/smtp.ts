import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import type { Config } from "#server/platform/http/config.js";
import { OutboxSender, type SenderOptions } from "#server/platform/mail/sender.js";
import { smtpTransport } from "#server/platform/mail/transport.js";

/**
 * A real SMTP server for the tests (the `smtp-server` package), on 127.0.0.1: the app's nodemailer talks
 * to it as to any mail server, and the test reads what arrived, decoded into its plain-text and HTML parts.
 * It can refuse the next messages, to test the sender's retries.
 */

export interface ReceivedMail {
  to: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, "");
  for (let at = 0; at < joined.length; at++) {
    const hex = joined.slice(at + 1, at + 3);
    if (joined[at] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else bytes.push(...Buffer.from(joined[at] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** A subject as RFC 2047 encoded words, decoded (nodemailer encodes non-ASCII ones). */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const parts = { text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const at = section.search(/\r?\n\r?\n/);
    const partHeaders = parseHeaders(section.slice(0, at).replace(/^\r?\n/, ""));
    let content = decodeBody(
      partHeaders,
      section
        .slice(at)
        .replace(/^\r?\n\r?\n/, "")
        .replace(/\r?\n$/, ""),
    );
    const type = partHeaders.get("content-type") ?? "";
    // SMTP carries CRLF; the tests compare with the app's own line breaks.
    content = content.replace(/\r\n/g, "\n");
    if (type.startsWith("text/plain")) parts.text = content;
    if (type.startsWith("text/html")) parts.html = content;
  }
  return {
    to,
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    messageId: headers.get("message-id") ?? "",
    ...parts,
  };
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused with this reply code (451: try later; 550: never). */
  refuseNext(count: number, code?: number): void;
  /** Resolves once `count` messages in all have arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusals = 0;
  let refusalCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error("Refused by the test"), { responseCode: refusalCode }));
        }
        const to = session.envelope.rcptTo.map((address) => address.address);
        received.push(parseMail(Buffer.concat(chunks).toString("utf8"), to));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("The SMTP server has no TCP address.");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Expected ${count} mails, ${received.length} arrived in ${timeoutMs} ms.`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The settings of an app that mails through `smtp` (links on a made-up public address). */
export function mailSettingsFor(smtp: Pick<TestSmtpServer, "url">) {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Trainwright <training@example.com>",
    PUBLIC_URL: "http://trainwright.example.test",
  };
}

/** mailSettingsFor an app whose own mail worker waits an hour between rounds: the test runs the senders itself. */
export function handDrivenMailSettingsFor(smtp: Pick<TestSmtpServer, "url">) {
  return { ...mailSettingsFor(smtp), MAIL_POLL_MS: "3600000" };
}

/** A sender of `app`'s outbox through the app's SMTP settings, on `clock`, for a test to drive (claim, runOnce). */
export function outboxSenderOf(
  app: { orm: SenderOptions["orm"]; config: Pick<Config, "mail"> },
  clock: () => number,
): OutboxSender {
  const mail = app.config.mail;
  if (!mail) throw new Error("The test app has no e-mail settings.");
  return new OutboxSender({ orm: app.orm, transport: smtpTransport(mail), clock, messageIdDomain: "test" });
}
