import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import type { CertificateView, HeldCertificateView } from "#server/modules/certifications/certifications.presenter.js";
import type { ApiClient } from "./client.js";
import { ok } from "./org-fixtures.js";

/** Certificates (docs/decisions/0310-certificates-derived-from-completion.md) through their REST paths. */

export async function myCertificates(api: ApiClient): Promise<CertificateView[]> {
  return ok<CertificateView[]>(await api.get("/_api/certificates/mine"));
}

export async function listCertificates(
  api: ApiClient,
  query: Record<string, string> = {},
): Promise<HeldCertificateView[]> {
  return ok<HeldCertificateView[]>(await api.get("/_api/certificates/list", query));
}

/** A PDF's text as poppler's pdftotext reads it (layout kept), and its page count and size in points. */
export function pdfText(bytes: Uint8Array): { text: string; pages: number; size: [number, number] } {
  const dir = mkdtempSync(path.join(tmpdir(), "certificate-pdf-"));
  try {
    const file = path.join(dir, "certificate.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const [, width = "0", height = "0"] = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(info) ?? [];
    return { text, pages, size: [Math.round(Number(width)), Math.round(Number(height))] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// jsqr is CommonJS whose typings declare an ES default: Node hands the function itself, which has it as `default` too.
const jsQR = jsQRModule.default;

/** The text of the QR code on a PDF's first page, rendered by pdftoppm and decoded by jsQR; null when none. */
export function pdfQrText(bytes: Uint8Array): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), "certificate-qr-"));
  try {
    const file = path.join(dir, "certificate.pdf");
    writeFileSync(file, bytes);
    execFileSync("pdftoppm", ["-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
    const png = PNG.sync.read(readFileSync(path.join(dir, "page.png")));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
