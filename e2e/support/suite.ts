/** What browser tests use: the running local suite, Chromium, and admin SDK access to the emulators. */
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium.mjs';
import type { SuiteInfo } from './global-setup';

/** The suite started by global-setup.ts (addresses of the emulators and the web app). */
export function useLocalSuite(_options?: { web?: boolean }): SuiteInfo {
  return inject('suite');
}

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/**
 * How long a browser step may take before it counts as "never": sized for a fully loaded 2-core
 * CI machine (tests wait for the content that proves each step; a quiet machine never nears it).
 */
export const browserStepTimeout = 60_000;

/**
 * A new browser profile whose actions, waits and navigations use `browserStepTimeout`. Service
 * workers are blocked unless the test opts in (`serviceWorkers: 'allow'`): a worker that serves the
 * pages from its cache would hide what the server answers from every other test.
 */
export async function newContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(browserStepTimeout);
  // A whole run on a slow connection: a test that leaves a page before the server has its write,
  // or a count asked for before a write lands, fails with it (e2e/README.md).
  const delay = Number(process.env.VAGAS_E2E_SLOW_WRITES_MS ?? 0);
  if (delay > 0) await slowWrites(context, delay);
  return context;
}

/**
 * Holds every request of the full SDK's Write stream (the panel's writes) for `ms` before it
 * leaves: the page shows its own writes at once from its cache, and the server has them `ms` later.
 */
export async function slowWrites(context: BrowserContext, ms: number): Promise<void> {
  await context.route('**/Write/channel**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have gone meanwhile.
    await route.continue().catch(() => undefined);
  });
}

/** A page in a profile of its own (see `newContext`); closing the page leaves the profile. */
export async function newPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  return (await newContext(browser, options)).newPage();
}

function adminApp(suite: SuiteInfo = useLocalSuite()): App {
  process.env.FIRESTORE_EMULATOR_HOST = suite.firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = suite.authHost;
  const name = `e2e-admin-${suite.firestoreHost}`;
  return (
    getApps().find((app) => app.name === name) ??
    initializeApp({ projectId: suite.projectId }, name)
  );
}

/** firebase-admin Firestore pointed at the suite's emulator (bypasses rules). */
export function adminFirestore(suite?: SuiteInfo) {
  return getFirestore(adminApp(suite));
}

/** firebase-admin Auth pointed at the suite's Auth emulator. */
export function adminAuth(suite?: SuiteInfo) {
  return getAuth(adminApp(suite));
}

/** Releases the admin SDK's connections (call in afterAll). */
export async function closeAdmin() {
  await Promise.all(getApps().map((app) => deleteApp(app)));
}
