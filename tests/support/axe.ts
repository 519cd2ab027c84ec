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
    // Contrast is read from the colours on screen: an element still fading in (a dialog, a
    // toast, a section shown anew) is partly transparent, so the check waits for the ones
    // that end. On a loaded machine they outlasted the callers' short waits.
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(ending.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 3_000))]);
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
