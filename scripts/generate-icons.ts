/**
 * Renders the app icons once from SVG with the system Chromium (no image library needed), into
 * client/public/icons/. The PNGs are committed; run this again only when the mark changes:
 *   tsx scripts/generate-icons.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { THEME_COLOR } from "#shared/constants.js";

const OUT_DIR = path.resolve("client/public/icons");

/**
 * The header logo's mark (components/layout/logo.tsx): lucide's GraduationCap (ISC licence), a 24-unit
 * stroked drawing, in white. `size` is the mark's width and height on the 512 grid, centred.
 */
const GRADUATION_CAP = [
  "M21.42 10.922a1 1 0 0 0-.019-1.838L12.83 5.18a2 2 0 0 0-1.66 0L2.6 9.08a1 1 0 0 0 0 1.832l8.57 3.908a2 2 0 0 0 1.66 0z",
  "M22 10v6",
  "M6 12.5V16a6 3 0 0 0 12 0v-3.5",
];

function mark(size: number): string {
  const scale = size / 24;
  const offset = 256 - size / 2;
  const paths = GRADUATION_CAP.map((d) => `<path d="${d}"/>`).join("");
  return `<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
}

/** The header logo's indigo, from the theme colour to a deeper shade, top left to bottom right. */
const GRADIENT = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${THEME_COLOR}"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs>`;

/**
 * "any" icons are a rounded square with transparent corners; maskable and Apple icons fill the
 * whole square, because the platform applies its own mask (and iOS paints transparency black).
 */
function svg(kind: "rounded" | "full", markSize: number): string {
  const background = `<rect width="512" height="512"${kind === "rounded" ? ' rx="112"' : ""} fill="url(#bg)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${GRADIENT}${background}${mark(markSize)}</svg>`;
}

const PNGS: { file: string; size: number; svg: string }[] = [
  { file: "icon-192.png", size: 192, svg: svg("rounded", 320) },
  { file: "icon-512.png", size: 512, svg: svg("rounded", 320) },
  // The maskable safe zone is the centred circle of radius 40%: the mark is smaller to stay inside it.
  { file: "icon-maskable-192.png", size: 192, svg: svg("full", 256) },
  { file: "icon-maskable-512.png", size: 512, svg: svg("full", 256) },
  { file: "apple-touch-icon.png", size: 180, svg: svg("full", 300) },
  { file: "favicon-32.png", size: 32, svg: svg("rounded", 360) },
];

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(path.join(OUT_DIR, "favicon.svg"), `${svg("rounded", 360)}\n`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  for (const icon of PNGS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" style="display:block" `) +
        `</body></html>`,
    );
    await page.screenshot({ path: path.join(OUT_DIR, icon.file), omitBackground: true });
    await page.close();
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
