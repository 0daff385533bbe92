import { fail } from "./errors.js";
/**
 * CSV files as the reports export them (decision 0041): RFC 4180 (every field quoted where it must be, CRLF
 * line ends), UTF-8 with a byte-order mark so that Excel reads the accents right, and text that a
 * spreadsheet would take for a formula (= + - @, or a leading tab or carriage return) defused with a
 * leading apostrophe (OWASP's advice on CSV injection).
 *
 * A spreadsheet set to `;` as its separator (most of continental Europe) splits a line at every `;`,
 * quotes or not, since a quote counts only at a field's start: so a field holding `;` (or `,`) is quoted,
 * and a formula character just after a separator or a line break inside the text is defused as well,
 * where such a reader would start a cell (docs/decisions/0262-csv-for-either-separator.md).
 */

export type CsvValue = string | number | boolean | Date | null;
export type CsvRow = readonly CsvValue[];

/** A file the REST adapter sends for `format=csv`. */
export interface CsvFile {
  /** Plain ASCII, without quotes: it goes into the Content-Disposition header as is. */
  filename: string;
  rows: readonly CsvRow[];
}

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
export const CSV_FORMAT_INVALID = "Format must be csv or json.";

const BYTE_ORDER_MARK = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula character right after a separator of either kind or a line break: a cell's start to some reader. */
const FORMULA_INSIDE = /([,;\r\n])(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\r\n]/;

function textOf(value: CsvValue): string {
  if (value === null) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/**
 * One field: numbers as they are; text defused (at its start and after every separator or line break in
 * it), then quoted when it holds a quote, a comma, a semicolon or a line break.
 */
export function csvField(value: CsvValue): string {
  let text = textOf(value);
  if (typeof value === "string") {
    text = text.replace(FORMULA_INSIDE, "$1'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the byte-order mark, then each row ended by CRLF. */
export function toCsv(rows: readonly CsvRow[]): string {
  return BYTE_ORDER_MARK + rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** A name for a download: lower-case letters, digits and hyphens only. */
export function csvFilename(...parts: (string | number)[]): string {
  const stem = parts
    .map((part) =>
      String(part)
        .normalize("NFKD")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, ""),
    )
    .filter((part) => part !== "")
    .join("-")
    .slice(0, 80);
  return `${stem || "report"}.csv`;
}

/** How the file writes times: in the time zone of the person who asked (`tz`, an IANA name; UTC without one). */
export interface CsvOptions {
  timeZone: string;
}

const CSV_TIME_ZONE_INVALID = "Time zone must be an IANA time zone name, such as Europe/Paris.";

/** The options of a CSV request from its `tz` query value; an unknown zone is refused (400). */
export function csvOptionsOf(tz: unknown): CsvOptions {
  if (tz === undefined || tz === "") return { timeZone: "UTC" };
  if (typeof tz !== "string" || tz.length > 64) throw fail.badRequest(CSV_TIME_ZONE_INVALID);
  try {
    return { timeZone: new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone };
  } catch {
    throw fail.badRequest(CSV_TIME_ZONE_INVALID);
  }
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A deadline as the plain date it falls on, "2026-12-04": the day as the screens name it (read in UTC a
 * millisecond before the instant it passes, docs/SPEC.md §3), so a spreadsheet reads it as a date.
 */
export function csvDueDay(dueAt: Date | null): string {
  if (dueAt === null) return "";
  const day = new Date(dueAt.getTime() - 1);
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

const LOCAL_PARTS = new Map<string, Intl.DateTimeFormat>();

/** An instant as a local date-time of `timeZone`, "2026-12-04 16:03", which spreadsheets read as one. */
export function csvDateTime(date: Date | null, { timeZone }: CsvOptions): string {
  if (date === null) return "";
  let format = LOCAL_PARTS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    LOCAL_PARTS.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * How a procedure's result becomes a CSV file on its REST path (ProcedureMeta's `csv`). The REST adapter
 * passes only that procedure's own result, which is what `render` is written for, and the request's options.
 */
export type CsvExport = (result: unknown, options: CsvOptions) => CsvFile;

export function csvExport<Result>(render: (result: Result, options: CsvOptions) => CsvFile): CsvExport {
  return (result, options) => render(result as Result, options);
}
