/** axe-core in a page of the app, for the accessibility checks of the browser tests. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Installs `window.axe`. The site's Content-Security-Policy (firebase.json, sent by the Hosting
 * emulator too) runs no inline script, so Playwright's addScriptTag (an inline <script>) is refused;
 * code evaluated through DevTools is not subject to the policy.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(axeSource);
}
