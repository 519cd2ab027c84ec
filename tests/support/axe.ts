import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it is now (an open dialog
 * included), one line each: "rule-id (impact): help [selectors]", so that a failing
 * `expect(...).toEqual([])` names what to fix. The script is evaluated rather than added
 * with addScriptTag: the store's CSP (script-src 'self') refuses inline script tags.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: string[] }>;
    }
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.map((node) => node.target.join(' ')).join(', ')}]`);
  });
}
