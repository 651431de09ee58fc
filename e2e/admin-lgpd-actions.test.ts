// Configurações → LGPD in Chromium with two admins: 'Aplicar agora' asks first, with how many leads
// will go, then toasts and updates 'Lixeira (N)'; each deletion's log line names the admin who acted
// and shows in every open panel without a reload; a candidate's copy is a readable document
// (Portuguese labels, their applications and the notes about them, nothing internal).
import { readFile } from 'node:fs/promises';
import { formatPhone } from '@vagas/common';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import { toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore } from './support/suite';

const { panel, seed } = usePanelHarness('lgpd-acoes');
const db = () => adminFirestore();
const day = 24 * 60;
const timeZone = 'America/Bahia';
let colleague: AdminAccount;

beforeAll(async () => {
  colleague = await createAdmin('lgpd-colega');
});

/** A signed-in admin on the Configurações tab, once the LGPD cards have loaded. */
async function openSettings(account?: AdminAccount): Promise<Page> {
  const page = await panel(account ? { account } : {});
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await page.getByRole('heading', { name: 'Retenção de dados (LGPD)' }).waitFor();
  return page;
}

const exists = async (id: string) => (await db().collection('leads').doc(id).get()).exists;

/** The newest audit entry of `kind` written at or after `since`. */
async function auditSince(kind: string, since: Timestamp): Promise<DocumentData | undefined> {
  const snap = await db().collection('audit').orderBy('at', 'desc').limit(20).get();
  return snap.docs
    .map((doc) => doc.data())
    .find((data) => data.kind === kind && data.at.toMillis() >= since.toMillis());
}

const shownAt = (at: Timestamp) => at.toDate().toLocaleString('pt-BR', { timeZone });
const auditList = (page: Page) => page.getByRole('list', { name: 'Registro de exclusões' });
const trashTab = (page: Page) => page.getByRole('tab', { name: /^Lixeira/ });

describe("'Aplicar agora'", () => {
  const retentionDoc = () => db().doc('settings/retention');
  let savedRetention: DocumentData | undefined;

  beforeAll(async () => {
    savedRetention = (await retentionDoc().get()).data();
  });
  afterAll(async () => {
    if (savedRetention) await retentionDoc().set(savedRetention);
    else await retentionDoc().delete();
  });

  test('asks with how many leads will go; cancelled, nothing goes; confirmed, a toast, Lixeira (N) and a log line naming the admin in both panels', async () => {
    const tag = uniqueTag('Aplicar');
    // 41 days: a period no other test uses.
    await retentionDoc().set({ trash_days: 41 });
    const [old1, old2, recent] = await seed(
      { nome: `${tag} Velho 1`, trashedMinutesAgo: 50 * day },
      { nome: `${tag} Velho 2`, trashedMinutesAgo: 42 * day },
      { nome: `${tag} Recente`, trashedMinutesAgo: 40 * day },
    );
    const cutoff = Timestamp.fromMillis(Date.now() - 41 * day * 60_000);
    const due = (
      await db().collection('leads').where('deleted_at', '<', cutoff).count().get()
    ).data().count;
    const inTrash = (
      await db().collection('leads').where('deleted_at', '!=', null).count().get()
    ).data().count;
    const page = await openSettings();
    const other = await openSettings(colleague);
    await expect.poll(() => trashTab(page).textContent(), slow).toBe(`Lixeira (${inTrash})`);

    const applyNow = page.getByRole('button', { name: 'Aplicar agora' });
    await expect.poll(() => applyNow.isEnabled(), slow).toBe(true);
    await applyNow.click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar retenção agora' });
    await dialog.waitFor({ timeout: slow.timeout });
    expect(await dialog.textContent()).toContain(
      `${due} leads estão na lixeira há mais de 41 dias e serão excluídos definitivamente`,
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await Promise.all([old1, old2, recent].map(exists))).toEqual([true, true, true]);

    const started = Timestamp.now();
    await applyNow.click();
    await dialog.getByRole('button', { name: `Excluir ${due} leads` }).click();
    await expect.poll(toast(page, `${due} leads excluídos definitivamente`), slow).toBe(true);
    expect(await Promise.all([old1, old2, recent].map(exists))).toEqual([false, false, true]);
    await expect.poll(() => trashTab(page).textContent(), slow).toBe(`Lixeira (${inTrash - due})`);

    const entry = await auditSince('retention', started);
    expect(entry).toMatchObject({ deleted: due, trash_days: 41 });
    const line = `${shownAt(entry?.at as Timestamp)}: Retenção (41 dias): ${due} leads excluídos por `;
    // The admin's own panel, and the colleague's, without a reload.
    for (const shown of [page, other]) {
      await auditList(shown).getByText(line, { exact: false }).waitFor({ timeout: slow.timeout });
    }
    const ownLine = await auditList(other).getByText(line, { exact: false }).textContent();
    expect(ownLine).toContain('@vagas.test');
    expect(ownLine).not.toContain(colleague.email);
  });
});

describe('Pedido de candidato', () => {
  test('the copy for the candidate is a readable document: labels in Portuguese, each application and its notes, nothing internal', async () => {
    const tag = uniqueTag('Copia');
    const digits = `759${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const whatsapp = formatPhone(digits);
    const [first, second] = await seed(
      { nome: `${tag} Maria`, whatsapp, vaga: 'Aux Serraria', status: 'principal' },
      {
        nome: `${tag} Maria`,
        whatsapp,
        vaga: '[Conecta] Consultor de Vendas',
        cidade: 'Aracaju - Atalaia',
        idade: 31,
        tempo_experiencia: '1 a 2 anos',
        trashedMinutesAgo: 5,
      },
    );
    const lead = db().collection('leads').doc(first!);
    await lead.update({ assigned_to: colleague.email, last_contacted_at: Timestamp.now() });
    await lead
      .collection('notes')
      .doc('n1')
      .set({
        text: `${tag} prefere turno da manhã`,
        author_uid: 'uid-interno-123',
        author_email: colleague.email,
        created_at: Timestamp.now(),
        updated_at: Timestamp.now(),
      });
    await lead.collection('timeline').doc('t1').set({
      kind: 'status',
      from: 'novo',
      to: 'principal',
      actor_email: colleague.email,
      at: Timestamp.now(),
    });

    const page = await openSettings();
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Pedido de candidato (LGPD)' }),
    });
    await card.getByRole('textbox', { name: 'WhatsApp do candidato' }).fill(digits);
    await card.getByRole('button', { name: 'Buscar' }).click();
    await card.getByText('2 candidaturas encontradas', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Baixar cópia para o candidato' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`dados_pessoais_${digits}.html`);
    const html = await readFile((await download.path())!, 'utf8');

    // What a person reads, without the markup.
    const doc = await page.context().newPage();
    await doc.setContent(html);
    const text = (await doc.locator('body').innerText()).replace(/\s+/g, ' ');
    await doc.close();
    for (const expected of [
      'Nome',
      `${tag} Maria`,
      'WhatsApp',
      whatsapp,
      'Vaga',
      'Aux Serraria',
      'Consultor de Vendas',
      'Cidade',
      'Aracaju - Atalaia',
      'Idade',
      '31',
      'Experiência',
      '1 a 2 anos',
      'Status',
      'Principal',
      'Último contato',
      'Anotações da equipe',
      `${tag} prefere turno da manhã`,
      'Candidatura 1 de 2',
      'Candidatura 2 de 2',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const internal of [
      'search_keys',
      'phone_key',
      'name_key',
      'deleted_at',
      'created_at',
      'assigned_to',
      'author',
      'uid-interno-123',
      colleague.email,
      first!,
      second!,
      '{"',
    ]) {
      expect(html, internal).not.toContain(internal);
    }
  });

  test("an erasure's log line names the admin and shows in the colleague's open panel without a reload", async () => {
    const tag = uniqueTag('Apagar');
    const digits = `758${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await seed({ nome: `${tag} Joana`, whatsapp: formatPhone(digits) });
    const page = await openSettings();
    const other = await openSettings(colleague);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Pedido de candidato (LGPD)' }),
    });
    await card.getByRole('textbox', { name: 'WhatsApp do candidato' }).fill(digits);
    await card.getByRole('button', { name: 'Buscar' }).click();
    await card.getByText('1 candidatura encontrada', { exact: true }).waitFor();
    const started = Timestamp.now();
    await card.getByRole('button', { name: 'Excluir tudo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir todos os dados deste candidato?' });
    await dialog.getByRole('button', { name: 'Excluir tudo' }).click();
    await card.getByText('Nenhum dado encontrado para este número.').waitFor();

    await expect
      .poll(async () => (await auditSince('candidate-erasure', started)) !== undefined, slow)
      .toBe(true);
    const entry = (await auditSince('candidate-erasure', started))!;
    expect(entry.by_email).toMatch(/@vagas\.test$/);
    const line = `${shownAt(entry.at as Timestamp)}: Pedido de candidato: 1 lead excluído por ${entry.by_email as string}`;
    for (const shown of [page, other]) {
      await auditList(shown).getByText(line).waitFor({ timeout: slow.timeout });
    }
  });
});
