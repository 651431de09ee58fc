// Where candidates come from, in Chromium against the local suite: a visit from a tagged link
// (utm parameters and an fbclid) keeps its source for the browser session, so an application on
// another page carries it; the stored field has the utm values and only whether an fbclid was
// there. A forged source is refused by the emulator's rules (sent as the pages send a lead: with
// an App Check token and the device's record).
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, doc, getFirestore } from 'firebase/firestore/lite';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { routes } from '../web/src/config/routes';
import { useEmulatorAppCheck } from '../scripts/lib/app-check.mjs';
import { setNewLead } from '../web/src/data/lead-write';
import { callCenterVaga, leadSourceTextLimits, type RootLeadInput } from '../web/src/domain/lead';
import { toLead } from '../web/src/domain/lead-form';
import { exampleFormValues } from '../web/src/domain/testing/lead-samples';
import {
  fillApplication,
  logBrowserErrors,
  phoneFor,
  pixelStubContext,
  snapshotSettings,
  waitForApp,
} from './public-support';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
let visitor: FirebaseApp;
let restoreSettings: () => Promise<void> = async () => {};
const contexts: BrowserContext[] = [];
const fbclidValue = 'IwAR0e2eSegredoDoClique';

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  // No link: the redirect page after the call-center application stays put.
  await adminFirestore(suite).doc('settings/redirect').set({
    whatsapp_link: '',
    redirect_time: 30,
    redirect_count: 0,
    updated_at: new Date(),
  });
  browser = await launchChromium();
  visitor = initializeApp({ projectId: suite.projectId, apiKey: 'e2e' }, 'e2e-source-visitor');
  useEmulatorAppCheck(visitor, suite.firestoreHost);
  const [host, port] = suite.firestoreHost.split(':');
  connectFirestoreEmulator(getFirestore(visitor), host, Number(port));
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  if (visitor) await deleteApp(visitor);
  await restoreSettings();
  await closeAdmin();
});

async function leadNamed(nome: string) {
  const snap = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
  expect(snap.docs).toHaveLength(1);
  return snap.docs[0];
}

describe('the visit source', () => {
  test('a visit from a tagged link, then an application on the call-center page: the lead carries the source, never the fbclid value', async () => {
    const context = await pixelStubContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    logBrowserErrors(page);
    await page.goto(
      `${suite.webUrl}/?utm_source=facebook&utm_medium=paid_social&utm_campaign=vagas-e2e-origem&fbclid=${fbclidValue}`,
    );
    await waitForApp(page);
    // The candidate wanders to the call-center page through its link (same browser session).
    await page.getByRole('link', { name: appConfig.callCenterEmployer.name }).click();
    await page.waitForURL(`${suite.webUrl}${routes.callCenter}`);
    await waitForApp(page);

    const nome = `Teste origem ${Date.now().toString(36)}`;
    await fillApplication(page, 'callCenter', {
      nome,
      vaga: callCenterVaga('Consultor de Vendas'),
    });
    await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await page.waitForURL(`${suite.webUrl}${routes.redirect}`);

    const lead = await leadNamed(nome);
    expect(lead.get('vaga')).toBe(callCenterVaga('Consultor de Vendas'));
    expect(lead.get('source')).toEqual({
      utm_source: 'facebook',
      utm_medium: 'paid_social',
      utm_campaign: 'vagas-e2e-origem',
      fbclid: true,
    });
    expect(JSON.stringify(lead.data())).not.toContain(fbclidValue);
    await lead.ref.delete();
  });

  test('a visit without tags writes no source', async () => {
    const context = await pixelStubContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${suite.webUrl}/`);
    await waitForApp(page);
    const nome = `Teste sem origem ${Date.now().toString(36)}`;
    await fillApplication(page, 'root', { nome });
    await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
    const lead = await leadNamed(nome);
    expect(lead.data()).not.toHaveProperty('source');
    await lead.ref.delete();
  });
});

describe('a forged source is refused by the rules', () => {
  /**
   * The root page's application (the lead table's examples), with `source`, from a candidate with a
   * number of their own: an earlier lead of the example's number and job (a seeded one) would
   * absorb it as a repeat (the screening), and the stored lead would be gone before it is read.
   */
  const nome = `Forjado ${Date.now().toString(36)}`;
  const lead = (source: unknown) =>
    ({
      ...toLead('root', exampleFormValues('root')),
      nome,
      whatsapp: phoneFor(nome),
      source,
    }) as RootLeadInput;
  /** The pages' own write, from a device of its own. */
  const send = (id: string, input: RootLeadInput) => {
    const db = getFirestore(visitor);
    return setNewLead(db, id, input, { id: doc(collection(db, 'devices')).id, slot: 0 });
  };

  test.each([
    ['too long', { utm_source: 'x'.repeat(leadSourceTextLimits.max + 1), fbclid: false }],
    ['unknown keys', { utm_source: 'facebook', fbclid: true, fbclid_value: fbclidValue }],
    ['the fbclid value', { fbclid: fbclidValue }],
  ])('%s', async (name, source) => {
    const id = `forjado-${name.replace(/\W/g, '-')}-${Date.now()}`;
    await expect(send(id, lead(source))).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await adminFirestore(suite).doc(`leads/${id}`).get()).exists).toBe(false);
  });

  test('the same lead with a well-formed source is accepted (the refusals above are the source’s)', async () => {
    const id = `bem-formado-${Date.now()}`;
    await send(id, lead({ utm_source: 'facebook', fbclid: true }));
    const stored = adminFirestore(suite).doc(`leads/${id}`);
    expect((await stored.get()).get('source')).toEqual({ utm_source: 'facebook', fbclid: true });
    await stored.delete();
  });
});
