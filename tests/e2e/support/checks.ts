import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { horizontalOverflow, screenshot } from "./browser.js";

/** Screenshot for a person to look at, plus the one layout rule a machine can check: nothing sideways. */
export async function look(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await screenshot(page, name, options);
  expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * What axe-core finds wrong (WCAG 2 A and AA) inside `scope`, by default the page's main region: the
 * header and footer belong to other screens' tests. Each violation as "rule: target".
 */
export async function accessibilityProblems(page: Page, scope = "#main"): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy rightly refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }>;
    }
    const results = await axe.run(
      { include: [[selector]] },
      { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } },
    );
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`),
    );
  }, scope);
}
