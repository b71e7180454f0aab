import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page, or on the part matched by
 * `include`, and fails listing every violation with the elements it found.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // A list refreshing is dimmed (aria-busy, lower opacity) and fades back: judge contrast
  // once the page is at rest, not mid-transition.
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    null,
    { timeout: 15_000 },
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, which the app's Content-Security-Policy does not
  // govern (an inline <script> tag would be refused, and the policy stays on in the tests).
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selector) => {
    const context = selector ? { include: [selector] } : document;
    const result = await (window as unknown as { axe: typeof axe }).axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  }, include ?? null);
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}
