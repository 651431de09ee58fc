// The two application forms in Chromium against the local suite: documents written through
// firebase/firestore/lite, checked with firebase-admin and the emulator's REST API.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { consentNotes } from '../web/src/domain/consent';
import {
  attachedLeadFields,
  callCenterLeadFields,
  callCenterVaga,
  formHoneypotFields,
  formInputFields,
  pinnedLeadFields,
  rootLeadFields,
  serverLeadFields,
} from '../web/src/domain/lead';
import { applyTexts } from '../web/src/features/apply/messages';
import { leadKeys } from '@vagas/common';
import {
  desktop,
  fbqCalls,
  field,
  fieldsBut,
  fillApplication,
  logBrowserErrors,
  phoneDigits,
  phoneFor,
  pixelStubContext,
  restDocument,
  screenshot,
  seriousAxeViolations,
  snapshotSettings,
  horizontalOverflow,
  waitForApp,
} from './public-support';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const adminPixel = '777000111';
const fixedPixel = appConfig.fixedPixelId;
let browser: Browser;
let restoreSettings: () => Promise<void> = async () => {};
const contexts: BrowserContext[] = [];
let run = 0;

beforeAll(async () => {
  restoreSettings = await snapshotSettings(suite);
  browser = await launchChromium();
  const db = adminFirestore(suite);
  await db.doc('settings/tracking').set({ pixel_id: adminPixel, updated_at: Timestamp.now() });
  // The redirect page follows a call-center success; with no link it just counts down.
  await db
    .doc('settings/redirect')
    .set({ whatsapp_link: '', redirect_time: 30, redirect_count: 0, updated_at: Timestamp.now() });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await restoreSettings();
  await closeAdmin();
});

async function openPage(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await pixelStubContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  logBrowserErrors(page);
  await page.goto(`${suite.webUrl}${path}`);
  await waitForApp(page);
  return page;
}

/** A name no other test uses, so the lead can be found by it. */
const uniqueName = (label: string) => `Teste ${label} ${Date.now().toString(36)}${++run}`;

/** How many leads exist (to see that a refused submission wrote nothing, whatever its name). */
async function leadCount(): Promise<number> {
  return (await adminFirestore(suite).collection('leads').get()).size;
}

async function leadsNamed(nome: string) {
  const snap = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
  return snap.docs;
}

/**
 * What the leadTimeline trigger adds: the derived keys' field names (common/src/lead-keys.ts) and
 * the screening's verdict (lead.ts, written by the server).
 */
const derivedKeyFields = [...Object.keys(leadKeys('', '')), ...serverLeadFields];
/** The screening's signals every form sends (lead.ts): its honeypot and the seconds it took. */
const signalFields = [...formHoneypotFields('root'), 'fill_seconds'];

/**
 * The one lead named `nome`, once the trigger has added its derived keys (they arrive after the
 * candidate's write; reading before would race the trigger).
 */
async function keyedLeadNamed(nome: string) {
  await expect
    .poll(async () => (await leadsNamed(nome)).map((doc) => doc.get('phone_key') !== undefined))
    .toEqual([true]);
  const docs = await leadsNamed(nome);
  const data = docs[0]!.data();
  // The trigger's keys are those of what the candidate wrote; nothing else was added.
  expect(data).toMatchObject(leadKeys(data.nome, data.whatsapp));
  return { id: docs[0]!.id, data };
}

/** The Firestore commits (lead writes) `page` sends from now on. */
function recordCommits(page: Page): string[] {
  const commits: string[] = [];
  page.on('request', (request) => {
    if (/documents:commit/.test(request.url())) commits.push(request.postData() ?? '');
  });
  return commits;
}

/** A server timestamp: a Timestamp within a minute of `clientTime` (the emulator runs on this machine). */
function expectServerTimeNear(value: unknown, clientTime: number) {
  expect(value).toBeInstanceOf(Timestamp);
  expect(Math.abs((value as Timestamp).toMillis() - clientTime)).toBeLessThan(60_000);
}

const submit = (page: Page) => page.getByRole('button', { name: /Enviar Candidatura|Enviando/ });

describe('root page /', () => {
  test('shows its texts and links, masks the phone, fires PageView, and has no serious axe issue', async () => {
    const page = await openPage('/');
    // Each page has its own document title, not one 'Vagas de Emprego' for all; the heading is
    // the one docs/product.md quotes.
    expect(await page.title()).toBe(`Vagas de Emprego | ${appConfig.companyName}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vagas de Emprego');
    await expect
      .poll(() => page.getByText('Candidate-se às nossas vagas de emprego em Coité').isVisible())
      .toBe(true);
    expect(await page.getByRole('img', { name: appConfig.companyName }).isVisible()).toBe(true);
    const admin = page.getByRole('link', { name: 'Acesso administrativo' });
    expect(await admin.getAttribute('href')).toBe('/admin/login');
    expect(await admin.getAttribute('title')).toBe('Acesso administrativo');
    const employer = page.getByRole('link', { name: appConfig.callCenterEmployer.name });
    expect(await employer.getAttribute('href')).toBe(`/${appConfig.callCenterEmployer.slug}`);

    const phone = field(page, 'WhatsApp');
    expect(await phone.getAttribute('maxlength')).toBe('15');
    expect(await phone.getAttribute('placeholder')).toBe('(75) 99999-9999');
    await phone.pressSequentially('7');
    expect(await phone.inputValue()).toBe('(7');
    await phone.pressSequentially('99');
    expect(await phone.inputValue()).toBe('(79) 9');
    await phone.pressSequentially('x9999-8888 777');
    expect(await phone.inputValue()).toBe('(79) 99999-8888');

    await expect.poll(() => fbqCalls(page)).toContainEqual(['track', 'PageView']);
    const calls = await fbqCalls(page);
    expect(calls.slice(0, 3)).toEqual([
      ['init', adminPixel],
      ['init', fixedPixel],
      ['track', 'PageView'],
    ]);
    expect(calls.filter((c) => c[1] === 'PageView')).toHaveLength(1);

    await screenshot(page, 'root-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The locality list opens within the 15rem (60 units) docs/product.md gives it.
    await field(page, 'Cidade').click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    expect((await listbox.boundingBox())?.height ?? 0).toBeLessThanOrEqual(240 + 16);
    await screenshot(page, 'root-mobile-cidade-open');
  });

  test('looks right on desktop too', async () => {
    const page = await openPage('/', desktop);
    await screenshot(page, 'root-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("a complete application writes exactly the form's fields plus the device, status, created_at, deleted_at", async () => {
    const page = await openPage('/');
    await page.getByText(consentNotes.root.text).waitFor();
    const nome = uniqueName('raiz');
    // The phone typed as bare digits: the mask writes it as it is stored. Each test's candidate has
    // a number of their own (public-support.ts phoneFor).
    const lead = await fillApplication(page, 'root', {
      nome,
      whatsapp: phoneDigits(phoneFor(nome)),
    });
    const before = Date.now();
    const submittedAt = Date.now();
    await submit(page).click();
    await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
    await page.getByText('Entraremos em contato em breve. Obrigado!').waitFor();
    // The form is cleared.
    expect(await field(page, 'Nome Completo').inputValue()).toBe('');
    expect(await field(page, 'WhatsApp').inputValue()).toBe('');

    const { id, data } = await keyedLeadNamed(nome);
    expect(Object.keys(data).sort()).toEqual(
      [
        ...rootLeadFields,
        ...attachedLeadFields,
        ...signalFields,
        ...pinnedLeadFields,
        ...derivedKeyFields,
      ].sort(),
    );
    // Sent by this browser's device, whose record took a slot for it (the per-device limit).
    expect(data.device).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await adminFirestore(suite).doc(`devices/${data.device}`).get()).get('lead')).toBe(id);
    expect(data).toMatchObject({
      ...lead,
      whatsapp: phoneFor(nome),
      // The consent note shown under the button, by version (LGPD); sent at once: no device time.
      consent_version: consentNotes.root.version,
      status: 'novo',
      deleted_at: null,
    });
    expect(data).not.toHaveProperty('submitted_at');
    expectServerTimeNear(data.created_at, submittedAt);
    expect((data.created_at as Timestamp).toMillis()).toBeGreaterThan(before - 60_000);
    const raw = await restDocument(suite, `leads/${id}`);
    expect(raw.fields.created_at).toHaveProperty('timestampValue');
    expect(raw.fields.deleted_at).toEqual({ nullValue: null });

    await expect
      .poll(async () => (await fbqCalls(page)).filter((c) => c[2] === 'CompleteRegistration'))
      .toEqual([
        [
          'trackSingle',
          adminPixel,
          'CompleteRegistration',
          {
            content_name: 'Candidatura Vaga',
            content_category: lead.vaga,
            value: 1,
            currency: 'BRL',
          },
        ],
        [
          'trackSingle',
          fixedPixel,
          'CompleteRegistration',
          {
            content_name: 'Candidatura 8 Rural Chocadeiras',
            content_category: lead.vaga,
            value: 1,
            currency: 'BRL',
          },
        ],
      ]);
  });

  test.each(formInputFields('root'))(
    'without %s: the required-fields toast, nothing written',
    async (missing) => {
      const page = await openPage('/');
      const nome = uniqueName(`raiz-sem-${missing}`);
      const before = await leadCount();
      await fillApplication(page, 'root', { nome }, fieldsBut('root', missing));
      const commits = recordCommits(page);
      await submit(page).click();
      await page.getByText('Campos obrigatórios').waitFor();
      await page.getByText('Por favor, preencha todos os campos.').waitFor();
      expect(await submit(page).textContent()).toBe('Enviar Candidatura');
      expect((await fbqCalls(page)).some((c) => c[2] === 'CompleteRegistration')).toBe(false);
      // Completed and sent again, the form writes once: the refused submit sent nothing before it.
      await fillApplication(page, 'root', { nome }, [missing]);
      await submit(page).click();
      await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
      expect(commits).toHaveLength(1);
      expect(await leadsNamed(nome)).toHaveLength(1);
      expect(await leadCount()).toBe(before + 1);
    },
  );
});

describe('what the root form says at the fields', () => {
  test('an incomplete WhatsApp number is said at the field and nothing is written; a pasted +55 number is taken whole', async () => {
    const page = await openPage('/');
    const nome = uniqueName('raiz-incompleto');
    const before = await leadCount();
    await fillApplication(page, 'root', { nome }, fieldsBut('root', 'whatsapp'));
    const phone = field(page, 'WhatsApp');
    await phone.pressSequentially('759');
    const commits = recordCommits(page);
    await submit(page).click();
    await page.getByText('Informe o número completo, com DDD: (75) 98123-4567').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.inputValue()).toBe('(75) 9');

    // Pasted with the country code and spaces: the 55 is dropped, the number kept whole.
    await phone.fill('');
    await phone.focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '+55 (75) 9 8123-4567');
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect.poll(() => phone.inputValue()).toBe('(75) 98123-4567');
    await page
      .getByText('Informe o número completo, com DDD: (75) 98123-4567')
      .waitFor({ state: 'detached' });
    await submit(page).click();
    await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
    expect(commits).toHaveLength(1);
    const docs = await leadsNamed(nome);
    expect(docs.map((d) => d.data().whatsapp)).toEqual(['(75) 98123-4567']);
    expect(await leadCount()).toBe(before + 1);
  });

  test('empty fields are marked at the field; the stale toast is gone when the success toast shows', async () => {
    const page = await openPage('/');
    await submit(page).click();
    await page.getByText('Campos obrigatórios').waitFor();
    const asked = formInputFields('root');
    for (const name of asked) {
      const { label } = applyTexts.root.fields[name];
      expect(await field(page, label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(await page.getByText('Campo obrigatório', { exact: true }).count()).toBe(asked.length);
    const nome = uniqueName('raiz-marcada');
    await fillApplication(page, 'root', { nome });
    expect(await page.getByText('Campo obrigatório', { exact: true }).count()).toBe(0);
    await submit(page).click();
    await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
    // The earlier error toast leaves (it may still be fading out as the success toast comes in).
    await page.getByText('Campos obrigatórios').waitFor({ state: 'hidden' });
    expect(await leadsNamed(nome)).toHaveLength(1);
  });
});

describe(`call-center page /${appConfig.callCenterEmployer.slug}`, () => {
  const path = `/${appConfig.callCenterEmployer.slug}`;

  test('shows its texts and the discreet admin link, no PageView, no serious axe issue', async () => {
    const page = await openPage(path);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Vagas de Call Center',
    );
    const admin = page.getByRole('link', { name: 'Acesso administrativo' });
    expect(await admin.getAttribute('href')).toBe('/admin/login');
    expect(await page.title()).toBe(`Vagas de Call Center | ${appConfig.callCenterEmployer.name}`);
    // An age outside 16..70 is never changed into another one (it was once clamped without a
    // word): the field says so.
    const idade = field(page, 'Idade');
    for (const age of ['12', '99']) {
      await idade.fill(age);
      await idade.blur();
      await page.getByText('A idade deve estar entre 16 e 70 anos.').waitFor();
      expect(await idade.inputValue()).toBe(age);
      expect(await idade.getAttribute('aria-invalid')).toBe('true');
    }
    await idade.fill('27');
    await page.getByText('A idade deve estar entre 16 e 70 anos.').waitFor({ state: 'detached' });
    await idade.fill('');
    await screenshot(page, 'callcenter-mobile');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await fbqCalls(page)).some((c) => c[1] === 'PageView')).toBe(false);
    await field(page, 'Localização (Aracaju e Região)').click();
    await page.getByRole('listbox').waitFor();
    const height = (await page.getByRole('listbox').boundingBox())?.height ?? 0;
    expect(height).toBeLessThanOrEqual(240 + 16);
    await screenshot(page, 'callcenter-mobile-localizacao-open');
    const desktopPage = await openPage(path, desktop);
    await screenshot(desktopPage, 'callcenter-desktop');
  });

  test("a complete application writes the form's fields (vaga prefixed, idade an integer) and goes to /redirecionamento", async () => {
    const page = await openPage(path);
    const nome = uniqueName('conecta');
    const lead = await fillApplication(page, 'callCenter', {
      nome,
      vaga: callCenterVaga('Analista de Atendimento'),
    });
    const submittedAt = Date.now();
    await submit(page).click();
    await page.getByText('Candidatura enviada com sucesso!', { exact: true }).waitFor();
    await page
      .getByText(`${appConfig.callCenterEmployer.name} entrará em contato em breve. Obrigado!`)
      .waitFor();
    await page.waitForURL(`${suite.webUrl}/redirecionamento`);
    await page.getByText('Peço que aguarde').waitFor();

    const { id, data } = await keyedLeadNamed(nome);
    expect(Object.keys(data).sort()).toEqual(
      [
        ...callCenterLeadFields,
        ...attachedLeadFields,
        ...signalFields,
        ...pinnedLeadFields,
        ...derivedKeyFields,
      ].sort(),
    );
    expect(data).toMatchObject({
      ...lead,
      vaga: `[${appConfig.callCenterEmployer.name}] Analista de Atendimento`,
      consent_version: consentNotes.callCenter.version,
      status: 'novo',
      deleted_at: null,
    });
    expectServerTimeNear(data.created_at, submittedAt);
    const raw = await restDocument(suite, `leads/${id}`);
    expect(raw.fields.idade).toEqual({ integerValue: String(lead.idade) });
    expect(raw.fields.created_at).toHaveProperty('timestampValue');

    await expect
      .poll(async () => (await fbqCalls(page)).filter((c) => c[2] === 'CompleteRegistration'))
      .toEqual([
        [
          'trackSingle',
          adminPixel,
          'CompleteRegistration',
          {
            content_name: 'Candidatura Vaga',
            content_category: 'Analista de Atendimento',
            value: 0.01,
            currency: 'BRL',
          },
        ],
        [
          'trackSingle',
          fixedPixel,
          'CompleteRegistration',
          {
            content_name: 'Candidatura 8 Rural Chocadeiras',
            content_category: 'Analista de Atendimento',
            value: 0.01,
            currency: 'BRL',
          },
        ],
      ]);
  });

  test.each(formInputFields('callCenter'))(
    'without %s: the required-fields toast, nothing written',
    async (missing) => {
      const page = await openPage(path);
      const nome = uniqueName(`conecta-sem-${missing}`);
      const before = await leadCount();
      await fillApplication(page, 'callCenter', { nome }, fieldsBut('callCenter', missing));
      const commits = recordCommits(page);
      await submit(page).click();
      await page.getByText('Campos obrigatórios').waitFor();
      await page.getByText('Por favor, preencha todos os campos.').waitFor();
      expect(page.url()).toBe(`${suite.webUrl}${path}`);
      // Completed and sent again, the form writes once: the refused submit sent nothing before it.
      await fillApplication(page, 'callCenter', { nome }, [missing]);
      await submit(page).click();
      await page.getByText('Candidatura enviada com sucesso!', { exact: true }).waitFor();
      expect(commits).toHaveLength(1);
      expect(await leadsNamed(nome)).toHaveLength(1);
      expect(await leadCount()).toBe(before + 1);
    },
  );
});

// With the outbox (web/src/lib/outbox) a write that does not complete is never an error for the
// candidate: the application stays on the device, the page says it will be sent, and the outbox
// tries again with the id chosen at submission until the server has stored it.
const waitingText = 'Sua candidatura será enviada assim que a internet voltar.';
const sentLaterText = 'Sua candidatura foi enviada!';

describe('a write that never completes', () => {
  test('the application waits on the device (no endless spinner), then is sent once with the same id, one lead', async () => {
    const page = await openPage('/');
    const nome = uniqueName('retry');
    await fillApplication(page, 'root', { nome });
    // The first commit is held back (as on a dead connection); later ones pass.
    let held = 0;
    const commitIds: string[] = [];
    await page.route(/documents:commit/, async (route) => {
      const body = route.request().postData() ?? '';
      commitIds.push(/leads\/([A-Za-z0-9]+)/.exec(body)?.[1] ?? '');
      if (held++ === 0) return; // never answered
      await route.continue();
    });
    await submit(page).click();
    expect(await submit(page).textContent()).toBe('Enviando...');
    expect(await submit(page).isDisabled()).toBe(true);
    // The write times out: kept on the device, the form free again and cleared, no error toast.
    await page.getByText(waitingText).waitFor();
    await expect.poll(() => field(page, 'Nome Completo').inputValue()).toBe('');
    await expect.poll(() => submit(page).isDisabled()).toBe(false);
    expect(await page.getByText('Erro ao enviar').count()).toBe(0);

    // The outbox's next attempt (its backoff timer) stores it and tells the candidate.
    await page.getByText(sentLaterText).waitFor();
    await page.getByText(waitingText).waitFor({ state: 'detached' });
    expect(commitIds).toHaveLength(2);
    expect(commitIds[0]).not.toBe('');
    expect(commitIds[1]).toBe(commitIds[0]);
    const docs = await leadsNamed(nome);
    expect(docs.map((d) => d.id)).toEqual([commitIds[0]]);
    // It waited on the device: it records when it was submitted (the device's clock), before it
    // reached the server (created_at), and which consent note was shown.
    const stored = docs[0].data();
    expect(stored.submitted_at).toBeInstanceOf(Timestamp);
    expect((stored.submitted_at as Timestamp).toMillis()).toBeLessThan(
      (stored.created_at as Timestamp).toMillis(),
    );
    expect(stored.consent_version).toBe(consentNotes.root.version);
    // The conversion is reported once the lead is stored, not before.
    await expect
      .poll(async () => (await fbqCalls(page)).filter((c) => c[2] === 'CompleteRegistration'))
      .toHaveLength(2);
  });

  test('a write that landed but whose answer was lost, then the same application submitted again: one lead', async () => {
    const page = await openPage('/');
    const nome = uniqueName('retry-landed');
    await fillApplication(page, 'root', { nome });
    // The first commit lands but its answer is lost; later ones find no connection until released.
    let first = true;
    let connected = false;
    let landedStatus = 0;
    const commitIds: string[] = [];
    await page.route(/documents:commit/, async (route) => {
      commitIds.push(/leads\/([A-Za-z0-9]+)/.exec(route.request().postData() ?? '')?.[1] ?? '');
      if (first) {
        first = false;
        // The server applies the write, but the browser never sees the answer.
        landedStatus = (await route.fetch()).status();
        return route.abort('connectionreset');
      }
      return connected ? route.continue() : route.abort('internetdisconnected');
    });
    await submit(page).click();
    await page.getByText(waitingText).waitFor();
    // On a loaded machine the page's 10 s timeout can end the attempt before the held request has
    // landed: wait for the landing itself, whichever comes first.
    await expect.poll(() => landedStatus, { timeout: 60_000 }).toBe(200);
    await expect.poll(async () => (await leadsNamed(nome)).length).toBe(1);
    // The candidate, unsure, fills the same application in again and sends it while it waits:
    // it is the same application (same fields), kept once, under the same id.
    await fillApplication(page, 'root', { nome });
    await submit(page).click();
    await expect.poll(() => field(page, 'Nome Completo').inputValue()).toBe('');
    expect(await page.getByText(waitingText).isVisible()).toBe(true);
    expect(await page.getByText('Candidatura enviada com sucesso! 🎉').count()).toBe(0);
    connected = true;
    // The outbox's next attempt goes through: the lead exists already, nothing is duplicated.
    await page.getByText(sentLaterText).waitFor();
    await page.getByText(waitingText).waitFor({ state: 'detached' });
    const docs = await leadsNamed(nome);
    expect(docs).toHaveLength(1);
    expect(docs[0].data().status).toBe('novo');
    // Every attempt wrote the id chosen at the first submission.
    expect(new Set(commitIds)).toEqual(new Set([docs[0].id]));
  });
});
