/** The system Chromium (never a downloaded one), driven by playwright-core. */
import { chromium, type Browser, type Page } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export { CHROMIUM_PATH };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

/** Waits until React has hydrated the page (root.tsx marks <html>): before it, clicks do nothing. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Collects uncaught page errors and console errors; a journey fails if any appear. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Runs axe-core in the page and returns the serious and critical WCAG 2.1 A/AA violations. */
export function accessibilityViolations(page: Page): Promise<string[]> {
  return runAxe(page, ['serious', 'critical']);
}

/** Runs axe-core in the page and returns the WCAG 2.1 A/AA violations of any impact. */
export function allAccessibilityViolations(page: Page): Promise<string[]> {
  return runAxe(page, null);
}

/** Injects axe-core, runs the WCAG 2.1 A/AA rules, keeps the violations of the given impacts (all if null). */
async function runAxe(page: Page, impacts: string[] | null): Promise<string[]> {
  // axe finds a text's background by hit-testing where it is laid out, so while a section below the
  // fold is still skipped it waits until the page has laid them all out after hydration (decision
  // 0076). Without scripts nothing is skipped.
  const waiting = await page.evaluate(() =>
    [...document.querySelectorAll('.below-fold')].some(
      (element) => getComputedStyle(element).contentVisibility !== 'visible',
    ),
  );
  if (waiting) await page.waitForSelector('html[data-laid-out]', { state: 'attached', timeout: 15_000 });
  const { createRequire } = await import('node:module');
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (impacts) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } })
      .axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => impacts === null || impacts.includes(v.impact ?? ''))
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }, impacts);
  return violations;
}
