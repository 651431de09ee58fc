/** Helpers of the public-page browser tests: a recording `fbq` stub, Mantine selects, axe-core, raw documents. */
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formInputFields,
  leadField,
  type FormInputName,
  type LeadForm,
  type LeadInput,
} from '../web/src/domain/lead';
import { optionChoice, toLead, type FormValues } from '../web/src/domain/lead-form';
import { exampleFormValues } from '../web/src/domain/testing/lead-samples';
import { applyTexts } from '../web/src/features/apply/messages';
import type { SuiteInfo } from './support/global-setup';
import { injectAxe } from './support/axe';
import { adminFirestore, browserStepTimeout, newContext } from './support/suite';

export const mobile = { width: 360, height: 640 };
export const desktop = { width: 1280, height: 800 };

/** One recorded `fbq(...)` call. */
export type FbqCall = unknown[];

/**
 * A browser context whose pages get a stub `fbq` before any app script runs (the real pixel script
 * cannot load here); the stub records every call in `window.__fbqCalls`.
 */
export async function pixelStubContext(
  browser: Browser,
  viewport: { width: number; height: number } = mobile,
): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport, locale: 'pt-BR' });
  await context.addInitScript(() => {
    const calls: unknown[][] = [];
    Object.assign(window, { __fbqCalls: calls, fbq: (...args: unknown[]) => calls.push(args) });
  });
  return context;
}

/** The calls the stub recorded on `page` so far. */
export function fbqCalls(page: Page): Promise<FbqCall[]> {
  return page.evaluate(() => (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []);
}

/**
 * Waits until React owns the page. Public pages are prerendered, so their headings and fields are
 * on screen before the app's scripts have run; a test that types or clicks must wait for this.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Logs the page's console errors (helps when a test fails). */
export function logBrowserErrors(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[browser] ${message.text()}`);
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input whose label is `label` (Mantine adds ' *' to required labels). */
export function field(page: Page, label: string) {
  return page.locator('input').and(page.getByLabel(new RegExp(`^${escape(label)}( \\*)?$`)));
}

/**
 * Opens a Mantine Select by its label and clicks an option. A click on the field toggles its list:
 * on a loaded machine a click can land while the list is still closing (a toast leaving, focus
 * moving), so the field is clicked again until the option is shown, never on a timer.
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const input = field(page, label);
  const item = page.getByRole('option', { name: option, exact: true });
  const deadline = Date.now() + browserStepTimeout;
  for (;;) {
    await input.click();
    const shown = await item.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown || Date.now() > deadline) break;
  }
  await item.click();
}

/**
 * Gives `form`'s field `name` the `value` as a candidate does: types into texts and numbers, types
 * a WhatsApp number digit by digit (the mask runs), picks an option by its shown text.
 */
export async function fillField<Form extends LeadForm>(
  page: Page,
  form: Form,
  name: FormInputName<Form>,
  value: string | number,
): Promise<void> {
  const texts = applyTexts[form].fields as Record<string, { label: string }>;
  const { label } = texts[name]!;
  const input = leadField(name).input;
  const text = String(value);
  if (input?.kind === 'select') await choose(page, label, optionChoice(name, text).label);
  else if (input?.kind === 'phone') await field(page, label).pressSequentially(text);
  else await field(page, label).fill(text);
}

/**
 * Fills in `form`'s application as a candidate does, field by field in the lead table's order
 * (web/src/domain/lead.ts), each at `values` or else at the table's example; only `fields` when
 * given (to leave some empty, or fill in the rest later). A candidate named in `values` without a
 * WhatsApp number gets their own (phoneFor), not the example: the screening would merge every
 * test's application of the example number for one job into one lead. Returns the lead the form
 * will store. Wait for `waitForApp(page)` first.
 */
export async function fillApplication<Form extends LeadForm>(
  page: Page,
  form: Form,
  values: Partial<FormValues<Form>> = {},
  fields: readonly FormInputName<Form>[] = formInputFields(form),
): Promise<LeadInput<Form>> {
  const { nome } = values as { nome?: string };
  const own = nome === undefined ? {} : { whatsapp: phoneFor(nome) };
  const filled = { ...exampleFormValues(form), ...own, ...values };
  for (const name of fields) {
    await fillField(page, form, name, (filled as Record<string, string | number>)[name]!);
  }
  return toLead(form, filled);
}

/** The fields `form` asks for but `names`. */
export function fieldsBut<Form extends LeadForm>(
  form: Form,
  ...names: FormInputName<Form>[]
): FormInputName<Form>[] {
  return formInputFields(form).filter((name) => !names.includes(name));
}

/**
 * The WhatsApp number of the candidate `key` (a test's unique name), written as stored: each test
 * applies as a candidate of its own, with a number no other test uses, since the screening merges
 * a second application of one number for one job within 24 h into the first. The same key gives
 * the same number (the same application, filled again).
 */
export function phoneFor(key: string, ddd = '75'): string {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  const digits = String(hash % 1e8).padStart(8, '0');
  return `(${ddd}) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** What a candidate types for `phone` (its digits). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run(),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Saves a screenshot when VAGAS_SCREENSHOTS names a folder (for looking at the pages). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.VAGAS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A document as the emulator's REST API returns it (typed values: integerValue, nullValue, ...). */
export interface RestDocument {
  name: string;
  fields: Record<string, Record<string, unknown>>;
}

/** Reads a document over the emulator's REST API as the owner (bypasses rules), to see wire types. */
export async function restDocument(suite: SuiteInfo, docPath: string): Promise<RestDocument> {
  const url = `http://${suite.firestoreHost}/v1/projects/${suite.projectId}/databases/(default)/documents/${docPath}`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) throw new Error(`GET ${docPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as RestDocument;
}

/** How far the page is wider than its viewport (0 when nothing overflows sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Snapshots the settings documents so a test file can put them back in afterAll: the suite's data is
 * shared by every e2e file, and these tests change the pixel id and the redirect link.
 */
export async function snapshotSettings(suite: SuiteInfo): Promise<() => Promise<void>> {
  const db = adminFirestore(suite);
  const paths = ['settings/tracking', 'settings/redirect'];
  const saved = await Promise.all(paths.map((p) => db.doc(p).get()));
  return async () => {
    await Promise.all(
      saved.map((snap, i) => {
        const data = snap.data();
        return data ? db.doc(paths[i]).set(data) : db.doc(paths[i]).delete();
      }),
    );
  };
}
