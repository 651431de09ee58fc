// The same candidate applying twice, in Chromium against the local suite: a second application
// with the same WhatsApp number for the same job within 24 h is merged by the screening (the
// leadTimeline function) into the first one. The panel keeps one lead, its record's Histórico
// says 'Candidatou-se novamente' with the time, and the panel does not chime again.
import type { Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../web/src/config/routes';
import { fillApplication, logBrowserErrors, waitForApp } from './public-support';
import { slow } from './support/admin';
import { row, searchBox, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('repeticao');
let candidate: BrowserContext;

beforeAll(async () => {
  candidate = await harness.visitor({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
});

/** Runs in the panel before the app: the arrival sound on, and every chime counted. */
function countChimes() {
  localStorage.setItem('vagas:som-chegada', 'true');
  const Real = window.AudioContext;
  let chimes = 0;
  // One gain node per chime (features/leads/hooks/arrival-sound.ts).
  class Counting extends Real {
    override createGain(): GainNode {
      chimes += 1;
      return super.createGain();
    }
  }
  window.AudioContext = Counting;
  Object.defineProperty(window, '__chimes', { get: () => chimes });
}

const chimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __chimes: number }).__chimes);

/** A WhatsApp number no other test uses. */
const newPhone = () => {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `(75) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
};

/** Applies on the root page as a candidate does, until the success toast. */
async function apply(nome: string, whatsapp: string): Promise<void> {
  const page = await candidate.newPage();
  logBrowserErrors(page);
  await page.goto(`${suite.webUrl}${routes.root}`);
  await waitForApp(page);
  await fillApplication(page, 'root', { nome, whatsapp, vaga: 'Aux Serraria' });
  await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
  await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();
  await page.close();
}

const leadsOf = async (whatsapp: string) =>
  (await adminFirestore().collection('leads').where('whatsapp', '==', whatsapp).get()).docs;

/** 'DD/MM/YYYY HH:MM' in the panel's time zone, as the record writes a time. */
function panelTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Bahia',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

describe('the same candidate applying twice', () => {
  test('becomes one lead, its Histórico says so with the time, and the panel chimes once', async () => {
    const page = await harness.panel();
    await page.context().addInitScript(countChimes);
    await page.reload();
    await page.getByRole('group', { name: 'Total de Leads' }).waitFor();
    expect(await chimes(page)).toBe(0);

    const nome = uniqueTag('Repetida');
    const whatsapp = newPhone();
    await apply(nome, whatsapp);
    await expect.poll(() => chimes(page), slow).toBe(1);
    const [first] = await leadsOf(whatsapp);
    harness.track([first!.id]);

    // The same person, the same job, again (another tab): the same application.
    await apply(nome, whatsapp);
    await expect
      .poll(
        async () => (await first!.ref.collection('timeline').get()).docs.map((d) => d.get('kind')),
        slow,
      )
      .toEqual(['reapplied']);
    await expect
      .poll(async () => (await leadsOf(whatsapp)).map((d) => d.id), slow)
      .toEqual([first!.id]);
    await searchBox(page).fill(nome);
    await expect.poll(() => row(page, nome).count(), slow).toBe(1);

    // The record: 'Candidatou-se novamente' with the second application's time, by the system.
    await row(page, nome).getByRole('link', { name: nome, exact: true }).click();
    const record = page.getByRole('dialog', { name: 'Ficha do candidato' });
    const history = record.getByRole('list', { name: 'Histórico' }).getByRole('listitem');
    await expect.poll(() => history.allTextContents(), slow).toHaveLength(2);
    const entry = (await first!.ref.collection('timeline').get()).docs[0]!;
    const at = (entry.get('at') as Timestamp).toDate();
    expect(at.getTime()).toBeGreaterThan((first!.get('created_at') as Timestamp).toMillis());
    expect((await history.allTextContents())[0]).toBe(
      `Candidatou-se novamentepelo sistema · ${panelTime(at)}`,
    );
    await record.getByRole('button', { name: 'Fechar' }).click();

    // Another candidate arrives: the next chime is theirs, the second application had none.
    const other = newPhone();
    await apply(uniqueTag('Outra'), other);
    await expect.poll(() => chimes(page), slow).toBe(2);
    harness.track((await leadsOf(other)).map((d) => d.id));
  });
});
