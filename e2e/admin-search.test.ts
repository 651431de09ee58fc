// Search as people type it, in Chromium on the local suite: names in any word order without
// 'da', 'de', 'do', 'das', 'dos', 'e', and phones as WhatsApp writes them, answered by the server
// (one indexed key per search; a lead written as the public form writes it is keyed by the
// leadTimeline function). Also the list row's WhatsApp templates and the panel's wording
// (statuses as the filter writes them, plurals, no HTTP status in messages).
import { formatPhone, normalizeSearchText } from '@vagas/common';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { leadRecordPath } from '../web/src/config/routes';
import { slow } from './support/admin';
import { listedNames, row, searchBox, seededFields, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('busca');
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
});

/** A number nobody else's test uses, as the forms store it: '(75) 9NNNN-NNNN'. */
const uniquePhone = () =>
  formatPhone(`759${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);

/** Searches, then the names listed once every one of them holds every word of `words`. */
async function searchFor(page: Page, typed: string, words: string[]): Promise<string[]> {
  await searchBox(page).fill(typed);
  const holdsAll = (names: string[]) =>
    names.every((name) => words.every((word) => normalizeSearchText(name).includes(word)));
  await expect.poll(async () => holdsAll(await listedNames(page)()), slow).toBe(true);
  return listedNames(page)();
}

describe('search', () => {
  test("finds 'Fátima da Silva' and 'Érica Conceição' whatever the word order, skipping da/de/do/das/dos/e", async () => {
    const tag = uniqueTag('Nomes');
    await harness.seed(
      { nome: `Fátima da Silva ${tag}`, ageMinutes: 1 },
      { nome: `Érica Conceição ${tag}`, ageMinutes: 2 },
      { nome: `Fátima Souza ${tag}`, ageMinutes: 3 },
      { nome: `Silvana dos Santos e Conceição ${tag}`, ageMinutes: 4 },
    );
    // Written as the public form writes it, without keys: the leadTimeline function keys it.
    const ref = adminFirestore().collection('leads').doc();
    harness.track([ref.id]);
    await ref.set({
      nome: `Maria de Fátima das Dores Silva ${tag}`,
      whatsapp: '(75) 98888-0000',
      vaga: 'Aux Serraria',
      cidade: 'Joazeiro',
      status: 'novo',
      created_at: Timestamp.fromMillis(Date.now() - 5 * 60_000),
      deleted_at: null,
    });
    const keyed = async () => ((await ref.get()).get('search_keys') ?? []) as string[];
    await expect.poll(async () => (await keyed()).includes('silva fatima'), slow).toBe(true);
    const page = await harness.panel();
    const fatimaSilva = [`Fátima da Silva ${tag}`, `Maria de Fátima das Dores Silva ${tag}`];

    for (const typed of ['fatima silva', 'silva fatima', 'Fátima da Silva', 'silva, fátima']) {
      const names = await searchFor(page, typed, ['fatima', 'silva']);
      expect(names, typed).toEqual(expect.arrayContaining(fatimaSilva));
      expect(names, typed).not.toContain(`Fátima Souza ${tag}`);
    }
    for (const typed of ['conceicao erica', 'erica conceicao', 'Conceição e Érica']) {
      const names = await searchFor(page, typed, ['conceicao', 'erica']);
      expect(names, typed).toContain(`Érica Conceição ${tag}`);
      expect(names, typed).not.toContain(`Silvana dos Santos e Conceição ${tag}`);
    }
    // Narrowed to this run's leads: exactly the ones with every word, in any order.
    await searchBox(page).fill(`silva ${tag} fatima`);
    await expect.poll(listedNames(page), slow).toEqual(fatimaSilva);
    await searchBox(page).fill(`${tag} conceicao`);
    await expect
      .poll(listedNames(page), slow)
      .toEqual([`Érica Conceição ${tag}`, `Silvana dos Santos e Conceição ${tag}`]);
    // While the last word is being typed.
    await searchBox(page).fill(`${tag} fatima d`);
    await expect
      .poll(listedNames(page), slow)
      .toEqual([`Fátima da Silva ${tag}`, `Maria de Fátima das Dores Silva ${tag}`]);
  });

  test('finds a phone typed the way WhatsApp shows it', async () => {
    const tag = uniqueTag('Fone');
    const whatsapp = uniquePhone();
    const digits = whatsapp.replace(/\D/g, '');
    await harness.seed({ nome: `${tag} Joana`, whatsapp, ageMinutes: 1 });
    const page = await harness.panel();
    const ddd = digits.slice(0, 2);
    const [head, tail] = [digits.slice(2, 7), digits.slice(7)];
    for (const typed of [
      `+55 ${ddd} ${head}-${tail}`,
      `${ddd} ${head} ${tail}`,
      `+55 ${ddd} ${head}`,
      `55${digits}`,
    ]) {
      await searchBox(page).fill(typed);
      await expect.poll(listedNames(page), slow).toEqual([`${tag} Joana`]);
    }
  });
});

describe("the list row's WhatsApp button", () => {
  test('offers the message templates, as the record does, then the contact', async () => {
    const tag = uniqueTag('Modelo');
    const templateName = `${tag} Convite`;
    const template = await adminFirestore().collection('message_templates').add({
      name: templateName,
      text: 'Olá {primeiro_nome}, podemos falar sobre a vaga de {vaga}?',
      updated_at: FieldValue.serverTimestamp(),
    });
    cleanups.push(() => template.delete());
    const whatsapp = uniquePhone();
    await harness.seed({ nome: `${tag} Rosa Lima`, whatsapp });
    const page = await harness.panel();
    await searchBox(page).fill(tag);
    await row(page, `${tag} Rosa Lima`).waitFor({ timeout: slow.timeout });
    await row(page, `${tag} Rosa Lima`)
      .getByRole('button', { name: `Abrir WhatsApp de ${tag} Rosa Lima` })
      .click();
    const link = `https://wa.me/55${whatsapp.replace(/\D/g, '')}`;
    expect(await page.getByRole('menuitem', { name: 'Sem mensagem' }).getAttribute('href')).toBe(
      link,
    );
    const item = page.getByRole('menuitem', { name: templateName });
    const text = `Olá ${tag}, podemos falar sobre a vaga de ${seededFields.vaga}?`;
    expect(await item.getAttribute('href')).toBe(`${link}?text=${encodeURIComponent(text)}`);
    // The chat opens in a new tab (no network here: its request is what counts).
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    const [chat] = await Promise.all([page.context().waitForEvent('page'), item.click()]);
    await chat.waitForLoadState();
    expect(chat.url()).toBe(`${link}?text=${encodeURIComponent(text)}`);
    await chat.close();
    await expect.poll(toast(page, `WhatsApp de ${tag} Rosa Lima aberto`), slow).toBe(true);
  });
});

describe('wording', () => {
  test("the record's status menu and timeline write statuses as the filter does", async () => {
    const tag = uniqueTag('Rotulo');
    const [id] = await harness.seed({ nome: `${tag} Carla` });
    const page = await harness.panel();
    await page.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    const drawer = page.getByRole('dialog', { name: 'Ficha do candidato' });
    const status = drawer.getByRole('combobox', { name: `Status de ${tag} Carla` });
    await status.waitFor({ timeout: slow.timeout });
    expect(await status.locator('option').allTextContents()).toEqual([
      'Novo',
      'Principal',
      'Separado',
      'Descartado',
    ]);
    await status.selectOption({ label: 'Principal' });
    await drawer
      .getByRole('list', { name: 'Histórico' })
      .getByText('Status alterado de Novo para Principal')
      .waitFor({ timeout: slow.timeout });
  });

  test("counts of one are singular: '(1 dia)', '1 lead excluído', 'A candidatura deste número'; no '[409]' under the team's field", async () => {
    const tag = uniqueTag('Plural');
    const audit = await adminFirestore()
      .collection('audit')
      .add({ kind: 'retention', at: Timestamp.now(), by: 'schedule', trash_days: 1, deleted: 1 });
    cleanups.push(() => audit.delete());
    const whatsapp = uniquePhone();
    await harness.seed({ nome: `${tag} Única`, whatsapp });
    const page = await harness.panel();
    await page.getByRole('tab', { name: 'Configurações' }).click();
    await page
      .getByRole('list', { name: 'Registro de exclusões' })
      .getByText(/Retenção \(1 dia\).*: 1 lead excluído pela rotina diária$/)
      .first()
      .waitFor({ timeout: slow.timeout });

    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Pedido de candidato (LGPD)' }),
    });
    await card.getByRole('textbox', { name: 'WhatsApp do candidato' }).fill(whatsapp);
    await card.getByRole('button', { name: 'Buscar' }).click();
    await card.getByText('1 candidatura encontrada', { exact: true }).waitFor(slow);
    await card.getByRole('button', { name: 'Excluir tudo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir todos os dados deste candidato?' });
    await dialog
      .getByText(
        'A candidatura deste número, com suas notas e histórico, será excluída definitivamente.',
        { exact: false },
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // A refusal of the team's function reads as a sentence, without its HTTP status.
    const team = page.locator('section[aria-labelledby="team-settings-title"]');
    await team
      .getByRole('textbox', { name: 'E-mail do colega' })
      .fill(harness.account().email.toUpperCase());
    await team.getByRole('button', { name: 'Adicionar' }).click();
    await expect
      .poll(() => team.getByRole('alert').textContent(), slow)
      .toBe('Este e-mail já faz parte da equipe.');
  });
});
