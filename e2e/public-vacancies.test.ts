// The public pages and the vacancy lists, in Chromium against the local suite: the prerendered
// page carries the lists as they were at build time, then offers what is open now without moving;
// an application that waited on the device while its job closed still arrives; and two defects of
// the WhatsApp field (a number typed as WhatsApp shows it, Coité's DDD in the placeholder).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newVacancy, seedVacancies, vacancyId } from '../web/src/domain/vacancies';
import {
  choose,
  field,
  fillApplication,
  logBrowserErrors,
  mobile,
  waitForApp,
} from './public-support';
import {
  adminFirestore,
  closeAdmin,
  launchChromium,
  newContext,
  useLocalSuite,
} from './support/suite';
import {
  layoutShift,
  publicListsSettled,
  recordLayoutShifts,
  setVacancyOpen,
  snapshotVacancies,
  waitForOptions,
} from './support/vacancies';

const suite = useLocalSuite();
let browser: Browser;
let restoreVacancies: () => Promise<void> = async () => {};
const contexts: BrowserContext[] = [];
let run = 0;

beforeAll(async () => {
  restoreVacancies = await snapshotVacancies();
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await restoreVacancies();
  await closeAdmin();
});

/** A candidate's page at `path`, its layout shifts recorded; resolves once React owns it. */
async function openPage(path: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await newContext(browser, { viewport: mobile, locale: 'pt-BR' });
  contexts.push(context);
  const page = await context.newPage();
  logBrowserErrors(page);
  await recordLayoutShifts(page);
  await page.goto(`${suite.webUrl}${path}`);
  await waitForApp(page);
  return { page, context };
}

/** The page's read of its form's public list (Firestore Lite's batchGet), once answered. */
const listsRead = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().includes(':batchGet') &&
      r.request().method() === 'POST' &&
      (r.request().postData() ?? '').includes('vacancy_lists'),
  );

const uniqueName = (label: string) => `Vagas ${label} ${Date.now().toString(36)}${++run}`;

async function leadNamed(nome: string) {
  const snap = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
  return snap.docs.map((d) => d.data());
}

describe('the public pages offer the open lists', () => {
  test('the HTML carries the lists as at build time; after load the page offers what is open now, without moving', async () => {
    // As the build saw them: every seeded job, open.
    const html = await (await fetch(`${suite.webUrl}/`)).text();
    const boot = /<script type="application\/json" id="vagas-boot">([^<]*)<\/script>/.exec(html);
    const built = JSON.parse(boot?.[1] ?? '{}') as {
      lists?: { root?: { vaga?: { label: string }[] } };
    };
    const seededJobs = seedVacancies()
      .filter((v) => v.form === 'root' && v.kind === 'job')
      .map((v) => v.label);
    expect(built.lists?.root?.vaga?.map((c) => c.label)).toEqual(seededJobs);

    // Since the build an admin closed a job and opened another.
    await setVacancyOpen(vacancyId('root', 'job', 'Aux Serraria'), false);
    const added = `Aux Pintor ${Date.now().toString(36)}`;
    const { id, ...fields } = newVacancy('root', 'job', added, null, 9);
    await adminFirestore(suite)
      .doc(`vacancies/${id}`)
      .set({ ...fields, closed_at: null, updated_at: new Date() });
    await publicListsSettled();

    const context = await newContext(browser, { viewport: mobile, locale: 'pt-BR' });
    contexts.push(context);
    const page = await context.newPage();
    logBrowserErrors(page);
    await recordLayoutShifts(page);
    const read = listsRead(page);
    await page.goto(`${suite.webUrl}/`);
    await waitForApp(page);
    await (await read).finished();
    // The answer applied (its promise settled, React committed, two frames drawn), before any
    // input: the correction moved nothing.
    await page.evaluate(
      () =>
        new Promise((done) =>
          setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 0),
        ),
    );
    expect(await layoutShift(page)).toBe(0);
    const jobs = await waitForOptions(page, 'Vaga', (o) => o.includes(added));
    expect(jobs).toEqual(['Aux Eletricista', 'Aux Metalúgica', 'Sem Experiencia', added]);
    await setVacancyOpen(vacancyId('root', 'job', 'Aux Serraria'), true);
  });

  test('a locality closed since the build is not offered on /conecta', async () => {
    await setVacancyOpen(vacancyId('callCenter', 'locality', 'Aracaju - Atalaia'), false);
    const { page } = await openPage('/conecta');
    const towns = await waitForOptions(
      page,
      'Localização (Aracaju e Região)',
      (o) => !o.includes('Atalaia'),
    );
    expect(towns).toContain('Centro');
    expect(towns).toHaveLength(10);
    expect(await layoutShift(page)).toBe(0);
    await setVacancyOpen(vacancyId('callCenter', 'locality', 'Aracaju - Atalaia'), true);
  });
});

describe('nothing a candidate sent is lost to a change the admin made', () => {
  test('an application waiting offline while its job closed is sent and stored when the connection returns', async () => {
    const job = vacancyId('root', 'job', 'Aux Metalúgica');
    const { page, context } = await openPage('/');
    const nome = uniqueName('Esperou');
    await context.setOffline(true);
    await fillApplication(page, 'root', { nome, vaga: 'Aux Metalúgica' });
    await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await page.getByText('Sua candidatura será enviada assim que a internet voltar.').waitFor();

    // Meanwhile an admin closes the job.
    await setVacancyOpen(job, false);
    await context.setOffline(false);
    await page.getByText('Sua candidatura foi enviada!').waitFor();
    const [stored] = await leadNamed(nome);
    expect(stored?.vaga).toBe('Aux Metalúgica');
    // Accepted for its submit time, before the closing.
    const closedAt = (await adminFirestore(suite).doc(`vacancies/${job}`).get()).get('closed_at');
    expect(stored?.submitted_at.toMillis()).toBeLessThan(closedAt.toMillis());
    // A page opened now no longer offers the job.
    const fresh = await openPage('/');
    await waitForOptions(fresh.page, 'Vaga', (o) => !o.includes('Aux Metalúgica'));
    await setVacancyOpen(job, true);
  });
});

describe('the WhatsApp field', () => {
  test("a number typed as WhatsApp shows it ('+55 75 99999-1234') is stored with its DDD", async () => {
    const { page } = await openPage('/conecta');
    const phone = field(page, 'WhatsApp');
    expect(await phone.getAttribute('placeholder')).toBe('(79) 99999-9999');
    await phone.pressSequentially('+55 75 99999-1234');
    expect(await phone.inputValue()).toBe('(75) 99999-1234');
    const nome = uniqueName('Mais55');
    // The rest of the form, the WhatsApp as typed above.
    await field(page, 'Nome Completo').fill(nome);
    await choose(page, 'Vaga que tenho Experiência', 'Operador de Call Center');
    await choose(page, 'Localização (Aracaju e Região)', 'Centro');
    await field(page, 'Idade').fill('30');
    await choose(page, 'Tempo de Experiência', '1 a 2 anos');
    await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await page.waitForURL(/\/redirecionamento$/);
    await expect.poll(async () => (await leadNamed(nome))[0]?.whatsapp).toBe('(75) 99999-1234');
  });

  test("Coité's page shows its own DDD, 75, in the placeholder", async () => {
    const { page } = await openPage('/');
    expect(await field(page, 'WhatsApp').getAttribute('placeholder')).toBe('(75) 99999-9999');
  });
});
