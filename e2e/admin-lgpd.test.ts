// LGPD (Brazil's data protection law) in Chromium on the local suite: the '/privacidade' page
// reached from both forms, retention of trashed leads applied from Configurações ('Aplicar agora')
// with its audit entry, and a candidate's request (find by WhatsApp, erase with an audit entry that
// keeps nothing about the candidate). firebase-admin seeds the leads and confirms what is stored.
// The confirmation's count, the copy for the candidate and the log's live lines with two admins:
// admin-lgpd-actions.test.ts.
import { formatPhone } from '@vagas/common';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import appConfig from '../web/src/config/app-config.json';
import { routes } from '../web/src/config/routes';
import { field, mobile, seriousAxeViolations, waitForApp } from './public-support';
import { slow } from './support/admin';
import { toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const { panel, visitor, seed } = usePanelHarness('lgpd');
const db = () => adminFirestore(suite);
const day = 24 * 60;
const timeZone = 'America/Bahia';

/** A signed-in admin on the Configurações tab, once the LGPD cards have loaded. */
async function openSettings(): Promise<Page> {
  const page = await panel();
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await page.getByRole('heading', { name: 'Retenção de dados (LGPD)' }).waitFor();
  return page;
}

/** Notes and timeline entries of a lead, as firebase-admin reads them. */
async function recordOf(leadId: string): Promise<{ notes: number; timeline: number }> {
  const lead = db().collection('leads').doc(leadId);
  const [notes, timeline] = await Promise.all([
    lead.collection('notes').count().get(),
    lead.collection('timeline').count().get(),
  ]);
  return { notes: notes.data().count, timeline: timeline.data().count };
}

/** Gives a lead a note and a timeline entry (as the panel and the triggers would). */
async function addRecord(leadId: string, note: string): Promise<void> {
  const lead = db().collection('leads').doc(leadId);
  await Promise.all([
    lead.collection('notes').doc('n1').set({ text: note, created_at: Timestamp.now() }),
    lead.collection('timeline').doc('t1').set({ kind: 'status', at: Timestamp.now() }),
  ]);
}

async function exists(leadId: string): Promise<boolean> {
  return (await db().collection('leads').doc(leadId).get()).exists;
}

/** The latest audit entries, newest first (one-field order: no composite index needed). */
async function latestAudit(): Promise<DocumentData[]> {
  const snap = await db().collection('audit').orderBy('at', 'desc').limit(20).get();
  return snap.docs.map((doc) => doc.data());
}

/** How the panel writes an audit entry's moment (pt-BR, the context's time zone). */
const shownAt = (at: Timestamp) => at.toDate().toLocaleString('pt-BR', { timeZone });

describe('/privacidade', () => {
  for (const form of [routes.root, routes.callCenter]) {
    test(`is linked from ${form}: its own title, its sections, the contact e-mail, axe clean`, async () => {
      const context = await visitor({ viewport: mobile, locale: 'pt-BR' });
      const page = await context.newPage();
      await page.goto(`${suite.webUrl}${form}`);
      await waitForApp(page);
      await page.getByRole('link', { name: 'Como usamos seus dados' }).click();
      await page.getByRole('heading', { level: 1, name: 'Privacidade e seus dados' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(routes.privacy);
      await expect.poll(() => page.title()).toBe('Privacidade e seus dados | Vagas');
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings).toEqual([
        'O que coletamos',
        'Para que usamos',
        'Quem vê os seus dados',
        'Por quanto tempo guardamos',
        'Seus direitos',
      ]);
      const contact = page.getByRole('link', { name: appConfig.privacyContactEmail });
      expect(await contact.getAttribute('href')).toBe(`mailto:${appConfig.privacyContactEmail}`);
      await page.getByText('Contato para privacidade e dados pessoais:').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('opened directly, the prerendered page answers with its own title and content', async () => {
    const context = await visitor({ viewport: mobile, locale: 'pt-BR' });
    const page = await context.newPage();
    const response = await page.goto(`${suite.webUrl}${routes.privacy}`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Privacidade e seus dados | Vagas');
    await page.getByRole('link', { name: appConfig.privacyContactEmail }).waitFor();
    await waitForApp(page);
    await page.getByRole('link', { name: 'Voltar para as vagas' }).click();
    await field(page, 'Nome Completo').waitFor();
    expect(new URL(page.url()).pathname).toBe(routes.root);
  });
});

describe('Retenção de dados (Configurações)', () => {
  const retentionDoc = () => db().doc('settings/retention');
  let savedRetention: DocumentData | undefined;

  beforeAll(async () => {
    savedRetention = (await retentionDoc().get()).data();
  });
  afterAll(async () => {
    if (savedRetention) await retentionDoc().set(savedRetention);
    else await retentionDoc().delete();
  });

  test("'Aplicar agora' deletes the leads trashed longer than the period, keeps the rest, and logs the run", async () => {
    await retentionDoc().delete();
    const tag = uniqueTag('Ret');
    // 37 days: a period no other test uses, so the audit line is this run's.
    const [old1, old2, recent, active] = await seed(
      { nome: `${tag} Velho 1`, trashedMinutesAgo: 60 * day },
      { nome: `${tag} Velho 2`, trashedMinutesAgo: 38 * day },
      { nome: `${tag} Recente`, trashedMinutesAgo: 36 * day },
      { nome: `${tag} Ativo`, ageMinutes: 400 * day },
    );
    await addRecord(old1, `${tag} nota`);
    const page = await openSettings();
    const applyNow = page.getByRole('button', { name: 'Aplicar agora' });
    const enabled = page.getByRole('switch', { name: 'Excluir definitivamente leads da lixeira' });
    // Off by default (the switch is usable once the setting is read): nothing to apply.
    await expect.poll(() => enabled.isEnabled(), slow).toBe(true);
    expect(await enabled.isChecked()).toBe(false);
    expect(await applyNow.isDisabled()).toBe(true);

    await enabled.check();
    await expect.poll(() => enabled.isChecked()).toBe(true);
    const days = page.getByRole('textbox', { name: 'Prazo na lixeira (dias)' });
    await expect.poll(() => days.isEnabled(), slow).toBe(true);
    await days.fill('37');
    await page.getByRole('button', { name: 'Salvar retenção' }).click();
    await expect.poll(toast(page, 'Retenção salva'), slow).toBe(true);
    expect((await retentionDoc().get()).get('trash_days')).toBe(37);

    await expect.poll(() => applyNow.isEnabled(), slow).toBe(true);
    // Whatever else is in the trash for longer than 37 days goes too (files run one at a time).
    const cutoff = Timestamp.fromMillis(Date.now() - 37 * day * 60_000);
    const due = (
      await db().collection('leads').where('deleted_at', '<', cutoff).count().get()
    ).data().count;
    expect(due).toBeGreaterThanOrEqual(2);
    await applyNow.click();
    await page
      .getByRole('dialog', { name: 'Aplicar retenção agora' })
      .getByRole('button', { name: `Excluir ${due} leads` })
      .click();
    await expect.poll(toast(page, `${due} leads excluídos definitivamente`), slow).toBe(true);

    expect(await Promise.all([old1, old2, recent, active].map(exists))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(await recordOf(old1)).toEqual({ notes: 0, timeline: 0 });

    const entry = (await latestAudit()).find((data) => data.kind === 'retention');
    expect(entry).toMatchObject({ kind: 'retention', deleted: due, trash_days: 37 });
    const line = `${shownAt(entry?.at as Timestamp)}: Retenção (37 dias): ${due} leads excluídos por ${entry?.by_email as string}`;
    await page.getByRole('list', { name: 'Registro de exclusões' }).getByText(line).waitFor();
  });
});

describe('Pedido de candidato (Configurações)', () => {
  test('finds active and trashed leads by WhatsApp, then erases them with an audit entry that keeps nothing about the candidate', async () => {
    const tag = uniqueTag('Cand');
    const digits = `759${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const whatsapp = formatPhone(digits);
    const [active, trashed, other] = await seed(
      { nome: `${tag} Maria`, whatsapp, vaga: 'Aux Serraria' },
      { nome: `${tag} Maria`, whatsapp, vaga: 'Soldador', trashedMinutesAgo: 5 },
      { nome: `${tag} Outra`, whatsapp: '(75) 91111-2222' },
    );
    await addRecord(active, `${tag} ligou ontem`);
    const page = await openSettings();
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Pedido de candidato (LGPD)' }),
    });
    await card.getByRole('textbox', { name: 'WhatsApp do candidato' }).fill(digits);
    await card.getByRole('button', { name: 'Buscar' }).click();
    await card.getByText('2 candidaturas encontradas', { exact: true }).waitFor();
    // Each row's cells as written (the badge's text, not its upper-cased look).
    const rows = await card
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)),
      );
    expect(rows.sort()).toEqual(
      [
        [`${tag} Maria`, 'Aux Serraria', 'ativo'],
        [`${tag} Maria`, 'Soldador', 'na lixeira'],
      ].sort(),
    );

    const erasureStart = Timestamp.now();
    await card.getByRole('button', { name: 'Excluir tudo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir todos os dados deste candidato?' });
    await dialog.getByRole('button', { name: 'Excluir tudo' }).click();
    await expect.poll(toast(page, 'Dados excluídos: 2 candidaturas'), slow).toBe(true);
    await card.getByText('Nenhum dado encontrado para este número.').waitFor();

    expect(await Promise.all([active, trashed, other].map(exists))).toEqual([false, false, true]);
    expect(await recordOf(active)).toEqual({ notes: 0, timeline: 0 });
    expect(await recordOf(trashed)).toEqual({ notes: 0, timeline: 0 });
    const erasures = (await latestAudit()).filter(
      (data) => data.kind === 'candidate-erasure' && data.at.toMillis() >= erasureStart.toMillis(),
    );
    expect(erasures).toHaveLength(1);
    expect(Object.keys(erasures[0]).sort()).toEqual(['at', 'by', 'by_email', 'deleted', 'kind']);
    expect(erasures[0].deleted).toBe(2);
    const stored = JSON.stringify(erasures[0]);
    for (const personal of [tag, digits, whatsapp, digits.slice(2)]) {
      expect(stored).not.toContain(personal);
    }
    // The panel's audit list shows it, naming the admin and no candidate.
    const line = `${shownAt(erasures[0].at as Timestamp)}: Pedido de candidato: 2 leads excluídos por ${erasures[0].by_email as string}`;
    await page.getByRole('list', { name: 'Registro de exclusões' }).getByText(line).waitFor();
  });
});
