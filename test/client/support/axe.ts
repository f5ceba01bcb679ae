/**
 * axe-core in the page as it is, run with the default rules (as `@axe-core/playwright`'s AxeBuilder runs them on a
 * page without frames), but cheaply: the axe source is put into a document once and `axe.run` is called there.
 * AxeBuilder instead evaluates the whole source again on every call and, by default, opens a blank page (a new
 * renderer) for `finishRun`; measured on the solo table, that made one check cost about five times as much.
 * The client's pages have no frames (a page with one is refused, so nothing goes unchecked). The checks that only
 * read the serious findings ask axe for violations only (`resultTypes`): every rule still runs on every element,
 * but the passing and inapplicable results are not written out node by node.
 */
import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** Runs axe-core on `page`'s document with `options` (injecting it first if this document does not have it yet). */
export async function axeResults(page: Page, options: axe.RunOptions = {}): Promise<AxeResults> {
  if (page.frames().length !== 1) throw new Error(`axe here checks pages without frames; this one has ${page.frames().length - 1}`);
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axe.source);
  return page.evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions), options);
}

/** The serious or critical findings among `results`, each as `rule: targets`. */
export function seriousFindings(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The serious or critical axe-core findings of the page as it is. */
export async function axeFindings(page: Page): Promise<string[]> {
  return seriousFindings(await axeResults(page, { resultTypes: ['violations'] }));
}
