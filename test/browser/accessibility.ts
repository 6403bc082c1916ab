import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// axe-core (from npm) run inside the page: the violations a person using a screen reader, a
// keyboard or a small screen would hit, as axe rates them.

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The serious and critical violations axe finds on the page as it is now (WCAG 2.1 A and AA rules, and axe's best practices). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Whether the page scrolls sideways: its scrolling element is wider than the width it shows (the window less a vertical scrollbar, when one is drawn). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth > scroller.clientWidth;
  });
