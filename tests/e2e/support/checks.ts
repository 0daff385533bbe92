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

/** How bad axe-core rates a violation, least to most. */
export type AxeImpact = "minor" | "moderate" | "serious" | "critical";

/** What the sweep of every screen fails on (docs/DESIGN.md §7): 0 serious and 0 critical. */
export const SERIOUS_OR_CRITICAL: readonly AxeImpact[] = ["serious", "critical"];

/**
 * What axe-core finds wrong (WCAG 2 A and AA) inside `scope`, by default the page's main region: the
 * header and footer belong to other screens' tests; "body" scans the whole page, toasts included. With
 * `impacts`, only violations of those impacts count. Each violation as "rule (impact): target".
 */
export async function accessibilityProblems(
  page: Page,
  scope = "#main",
  { impacts }: { impacts?: readonly AxeImpact[] } = {},
): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy rightly refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
    }
    const results = await axe.run(
      // Toasts fade in and out (axe measures them half transparent) and belong to the toaster's own tests.
      { include: [[selector]], exclude: [["[data-sonner-toaster]"]] },
      { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } },
    );
    return results.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      targets: nodes.map((node) => JSON.stringify(node.target)),
    }));
  }, scope);
  return violations
    .filter((violation) => !impacts || impacts.some((impact) => impact === violation.impact))
    .flatMap((violation) => violation.targets.map((target) => `${violation.id} (${violation.impact}): ${target}`));
}
