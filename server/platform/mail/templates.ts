import { escapeHtml } from "#server/platform/http/html.js";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#shared/i18n/languages.js";

/**
 * Every mail has a plain-text and an HTML part built from the same blocks, so the two always say the same.
 * Text from users (names, course titles, organization names) is escaped in the HTML part; the plain part
 * takes it as it is. The blocks are deliberately plain: mail clients render little CSS.
 */

/** The locale each language's mails write days in: English as the spec's examples do (en-US). */
const MAIL_LOCALES: Readonly<Record<Language, string>> = { en: "en-US", es: "es" };
const mailDayFormat = (language: Language) =>
  new Intl.DateTimeFormat(MAIL_LOCALES[language], { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const MAIL_DAYS = Object.fromEntries(LANGUAGES.map((language) => [language, mailDayFormat(language)])) as Record<
  Language,
  Intl.DateTimeFormat
>;

/**
 * A day in a mail, as the screens write dates ("Dec 4, 2026", "4 dic 2026"; client/lib/dates.ts), in the
 * recipient's language (decision 0380). A mail has no reader's time zone: it is the day in UTC, the zone
 * deadlines are kept in (docs/SPEC.md §3).
 */
export function mailDay(date: Date, language: Language = DEFAULT_LANGUAGE): string {
  return MAIL_DAYS[language].format(date);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailBlock =
  | { paragraph: string }
  | { list: string[] }
  | { button: { label: string; url: string } }
  | { small: string; link?: { label: string; url: string } };

export interface MailContent {
  subject: string;
  /** Shown above the message: the organization it comes from, or the product for account mails. */
  from: string;
  blocks: MailBlock[];
}

function textOf(block: MailBlock): string {
  if ("paragraph" in block) return block.paragraph;
  if ("list" in block) return block.list.map((item) => `- ${item}`).join("\n");
  if ("button" in block) return `${block.button.label}: ${block.button.url}`;
  return block.link ? `${block.small}\n${block.link.label}: ${block.link.url}` : block.small;
}

function htmlOf(block: MailBlock): string {
  if ("paragraph" in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ("list" in block) {
    return `<ul style="margin:0 0 16px;padding-left:20px">${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
  }
  if ("button" in block) {
    const { label, url } = block.button;
    return (
      `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#6366f1;color:#ffffff;` +
      `padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#6b7280">${escapeHtml(url)}</p>`
    );
  }
  const link = block.link
    ? ` <a href="${escapeHtml(block.link.url)}" style="color:#6b7280">${escapeHtml(block.link.label)}</a>`
    : "";
  return `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(block.small)}${link}</p>`;
}

export function renderMail(content: MailContent): RenderedMail {
  const text = [content.from, "", ...content.blocks.map(textOf).flatMap((part) => [part, ""])].join("\n").trimEnd();
  const html =
    `<!doctype html><html><body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,sans-serif;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">` +
    `<p style="margin:0 0 16px;font-weight:bold;color:#4f46e5">${escapeHtml(content.from)}</p>` +
    content.blocks.map(htmlOf).join("") +
    `</div></body></html>`;
  return { subject: content.subject, text: `${text}\n`, html };
}
