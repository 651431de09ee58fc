// One device cannot fire the form like a machine gun. In Chromium against the local suite (App
// Check on): a phone sends three applications in a row, each with another number; the fourth is
// not sent. The page tells the candidate, kindly, that it is kept on the device and will go by
// itself, and the form is cleared. Ten minutes later (the device record's slots aged by
// firebase-admin as ten minutes would, and the page's clock moved on as they pass) the page
// sends it on its own: it is stored once, with the time the candidate pressed the button, and
// the candidate is told.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deviceLimit, deviceSlotKeys } from '../web/src/domain/device-limit';
import { heldText, sentLaterToast } from '../web/src/lib/outbox/messages';
import {
  fillApplication,
  fbqCalls,
  logBrowserErrors,
  pixelStubContext,
  waitForApp,
} from './public-support';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await closeAdmin();
});

const tag = Date.now().toString(36);
const nameOf = (n: number) => `Metralhadora ${tag} ${n}`;
/** Each application with a number of its own: changing the number does not reset the limit. */
const numberOf = (n: number) => `7598765${String(4000 + n)}`;

async function leadsNamed(nome: string) {
  return (await adminFirestore(suite).collection('leads').where('nome', '==', nome).get()).docs;
}

async function apply(page: Page, n: number): Promise<void> {
  await fillApplication(page, 'root', { nome: nameOf(n), whatsapp: numberOf(n) });
  await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
}

describe('one device past its limit', () => {
  test('is told so, keeps the application, and sends it by itself once it may', async () => {
    const context = await pixelStubContext(browser);
    contexts.push(context);
    // The page's clock: real time until the test moves it on.
    await context.clock.install();
    const page = await context.newPage();
    logBrowserErrors(page);
    await page.goto(`${suite.webUrl}/`);
    await waitForApp(page);

    for (let n = 1; n <= deviceLimit.applications; n++) {
      await apply(page, n);
      await expect.poll(async () => (await leadsNamed(nameOf(n))).length).toBe(1);
      // The form is cleared once the page has the server's answer: ready for the next one.
      await expect.poll(() => page.getByLabel(/Nome Completo/).inputValue()).toBe('');
    }
    const devices = new Set<string>();
    for (let n = 1; n <= deviceLimit.applications; n++) {
      for (const lead of await leadsNamed(nameOf(n))) devices.add(String(lead.get('device')));
    }
    // One device sent them all.
    expect(devices.size).toBe(1);
    const [device] = [...devices];

    const extra = deviceLimit.applications + 1;
    const pressedAt = Date.now();
    await apply(page, extra);
    const status = page.getByTestId('outbox-status');
    await status.getByText(heldText.title).waitFor();
    await status.getByText(String(heldText.message)).waitFor();
    // Kept, not refused: no error, the form cleared for the next candidate, nothing stored yet.
    expect(await page.getByText('Erro ao enviar').count()).toBe(0);
    await expect.poll(() => page.getByLabel(/Nome Completo/).inputValue()).toBe('');
    expect(await leadsNamed(nameOf(extra))).toHaveLength(0);
    const conversions = async () =>
      (await fbqCalls(page)).filter((call) => call[2] === 'CompleteRegistration').length;
    // One CompleteRegistration per pixel (the fixed one, and the admin's when set) per application.
    const beforeExtra = await conversions();
    expect(beforeExtra % deviceLimit.applications).toBe(0);
    const perApplication = beforeExtra / deviceLimit.applications;
    expect(perApplication).toBeGreaterThan(0);

    // Ten minutes pass: the server's record ages as they would, and so does the page's clock.
    const record = adminFirestore(suite).doc(`devices/${device}`);
    const aged = Timestamp.fromMillis(Date.now() - (deviceLimit.windowMinutes + 1) * 60_000);
    await record.update(Object.fromEntries(deviceSlotKeys.map((slot) => [slot, aged])));
    await page.clock.fastForward(`${deviceLimit.windowMinutes + 2}:00`);

    // Nothing to do for the candidate: the page sends it, and says so.
    await page.getByText(sentLaterToast.title).waitFor();
    await status.waitFor({ state: 'detached' });
    await expect.poll(async () => (await leadsNamed(nameOf(extra))).length).toBe(1);
    const [lead] = await leadsNamed(nameOf(extra));
    expect(lead!.get('device')).toBe(device);
    // With the time the candidate pressed 'Enviar Candidatura' (it waited on the device).
    const submittedAt = (lead!.get('submitted_at') as Timestamp).toMillis();
    expect(Math.abs(submittedAt - pressedAt)).toBeLessThan(60_000);
    await expect.poll(conversions).toBe(beforeExtra + perApplication);
    // Stored exactly once, the other applications untouched.
    for (let n = 1; n <= extra; n++) expect(await leadsNamed(nameOf(n))).toHaveLength(1);

    for (let n = 1; n <= extra; n++) {
      for (const stored of await leadsNamed(nameOf(n))) await stored.ref.delete();
    }
  });
});
