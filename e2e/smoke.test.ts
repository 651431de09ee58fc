import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { launchChromium, newPage, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

test('the suite starts and Chromium opens the root page', async () => {
  const page = await newPage(browser);
  await page.goto(`${suite.webUrl}/`);
  // Each page has its own document title, not one 'Vagas de Emprego' for all; the heading is the
  // one docs/product.md quotes.
  await expect.poll(() => page.title()).toBe(`Vagas de Emprego | ${appConfig.companyName}`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
    .toBe('Vagas de Emprego');
});

test('an unknown path shows the 404 page with a link home', async () => {
  const page = await newPage(browser);
  await page.goto(`${suite.webUrl}/nao-existe`);
  await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
  const link = page.getByRole('link', { name: 'Return to Home' });
  expect(await link.getAttribute('href')).toBe('/');
});
