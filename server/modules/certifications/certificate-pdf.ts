import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { mailDay } from "#server/platform/mail/templates.js";
import type { PaperSize } from "#shared/schemas/certificates.js";

/**
 * A certificate as a one-page PDF (docs/decisions/0292-pdf-qr-zip-libraries.md, 0311): real text, so a
 * reader selects it and `pdftotext` reads it back, and a QR code of the verification page's address. Drawn
 * in DejaVu Sans, embedded (only the glyphs used), so names beyond Latin-1 print as written: Polish,
 * Vietnamese, Greek, Cyrillic (docs/decisions/0351-certificate-pdf-font.md).
 */

/**
 * The font files beside this module (fonts/, with their licence); the build copies them next to the
 * bundled server (scripts/build.ts). Read once, when the first certificate is drawn.
 */
const FONT_FILES = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | null = null;

function certificateFonts(): Record<keyof typeof FONT_FILES, Buffer> {
  fonts ??= {
    regular: readFileSync(new URL(`./fonts/${FONT_FILES.regular}`, import.meta.url)),
    bold: readFileSync(new URL(`./fonts/${FONT_FILES.bold}`, import.meta.url)),
  };
  return fonts;
}

const REGULAR = "Certificate";
const BOLD = "Certificate-Bold";

export interface CertificateSheet {
  organizationName: string;
  holderName: string;
  title: string;
  number: string;
  issuedAt: Date;
  expiresAt: Date | null;
  courseVersion: number | null;
  verifyUrl: string;
}

/** Regions whose paper is Letter (the rest of the world uses A4). */
const LETTER_REGIONS = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "GT", "CR", "PA", "DO", "SV", "NI"]);

/** The paper of the requester's first language with a region (Accept-Language): Letter in the Americas' Letter countries, else A4. */
export function paperOfLanguages(acceptLanguage: string | undefined): PaperSize {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    const region = tag.split("-")[1];
    if (region && /^[A-Za-z]{2}$/.test(region)) return LETTER_REGIONS.has(region.toUpperCase()) ? "letter" : "a4";
  }
  return "a4";
}

const INK = "#1f2937";
const MUTED = "#4b5563";
const ACCENT = "#1d4ed8";

export async function certificatePdf(sheet: CertificateSheet, paper: PaperSize): Promise<Uint8Array> {
  const qr = await QRCode.toBuffer(sheet.verifyUrl, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 360 });
  const doc = new PDFDocument({
    size: paper === "letter" ? "LETTER" : "A4",
    margin: 56,
    info: { Title: `${sheet.title}: certificate ${sheet.number}`, Author: sheet.organizationName },
  });
  const { regular, bold } = certificateFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));

  const width = doc.page.width - 112;
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .strokeColor(ACCENT)
    .stroke();
  doc.moveDown(2);
  doc.font(REGULAR).fontSize(14).fillColor(MUTED).text(sheet.organizationName, { align: "center", width });
  doc.moveDown(1.5);
  doc.font(BOLD).fontSize(30).fillColor(INK).text("Certificate", { align: "center", width });
  doc.moveDown(1.5);
  doc.font(REGULAR).fontSize(13).fillColor(MUTED).text("This certifies that", { align: "center", width });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(24).fillColor(INK).text(sheet.holderName, { align: "center", width });
  doc.moveDown(0.5);
  doc.font(REGULAR).fontSize(13).fillColor(MUTED).text("has completed", { align: "center", width });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(20).fillColor(INK).text(sheet.title, { align: "center", width });
  doc.moveDown(2);

  const lines = [
    `Issued on ${mailDay(sheet.issuedAt)}`,
    sheet.expiresAt === null ? "Does not expire" : `Valid until ${mailDay(sheet.expiresAt)}`,
    `Certificate number ${sheet.number}`,
    ...(sheet.courseVersion === null ? [] : [`Course version ${sheet.courseVersion}`]),
  ];
  doc.font(REGULAR).fontSize(12).fillColor(INK);
  for (const line of lines) doc.text(line, { align: "center", width });

  const qrSize = 120;
  const qrTop = doc.page.height - 56 - qrSize - 48;
  doc.image(qr, (doc.page.width - qrSize) / 2, qrTop, { width: qrSize, height: qrSize });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Verify at ${sheet.verifyUrl}`, 56, qrTop + qrSize + 10, { align: "center", width });
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
