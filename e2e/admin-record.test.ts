// The candidate's record in Chromium against the local suite (our Firestore emulator delivering
// the timeline triggers to the Functions emulator): opened by mouse, keyboard and link; a note
// written by one admin seen live by another; a contact, a status change and an assignment in the
// timeline with their author; a template filled into the WhatsApp link; a lead deleted for good
// leaving nothing behind. axe on the record.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { leadRecordPath, routes } from '../web/src/config/routes';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import {
  listedNames,
  row,
  searchBox,
  seededFields,
  seriousAxeViolationsIn,
  uniqueTag,
} from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('ficha-harness');
let boss: AdminAccount;

beforeAll(async () => {
  boss = await createAdmin('ficha');
});

const record = (page: Page) => page.getByRole('dialog', { name: 'Ficha do candidato' });

/** Lists only this test's lead, so its row is on the first page. */
async function find(page: Page, nome: string) {
  await searchBox(page).fill(nome);
  await row(page, nome).waitFor();
}

/** The text of `nome`'s cell under the list's column `header`. */
async function cellUnder(page: Page, nome: string, header: string) {
  const headers = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
  expect(headers).toContain(header);
  return row(page, nome).locator('td').nth(headers.indexOf(header)).textContent();
}

/** The record's timeline entries, newest first, as text. */
const timelineTexts = (page: Page) => () =>
  record(page).getByRole('list', { name: 'Histórico' }).getByRole('listitem').allTextContents();

describe('the lead record', () => {
  test('opens by mouse, by keyboard and by its link; axe finds nothing serious', async () => {
    const nome = uniqueTag('Ficha');
    const [id] = await harness.seed({ nome, idade: 31, tempo_experiencia: '2 a 5 anos' });
    await harness.seed({ nome: `${nome} Antiga`, trashedMinutesAgo: 5 });
    const page = await harness.panel({ account: boss });
    await find(page, nome);

    await row(page, nome).getByRole('link', { name: nome, exact: true }).click();
    await record(page).getByRole('heading', { name: nome }).waitFor();
    // Over the list as it was: its search goes with the record's address.
    const listQuery = `?${new URLSearchParams({ busca: nome })}`;
    expect(page.url()).toBe(`${suite.webUrl}${leadRecordPath(id!)}${listQuery}`);
    const details = record(page).locator('dl');
    const { whatsapp, vaga, cidade } = seededFields;
    for (const text of [whatsapp, vaga, cidade, '31', '2 a 5 anos']) {
      expect(await details.textContent()).toContain(text);
    }
    // Its other application (same WhatsApp, in the trash) is linked.
    await record(page).getByRole('link', { name: vaga }).first().waitFor();
    expect(await seriousAxeViolationsIn(page, ['.mantine-Drawer-content'])).toEqual([]);
    await record(page).getByRole('button', { name: 'Fechar' }).click();
    await record(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.webUrl}${routes.admin}${listQuery}`);

    await row(page, nome).getByRole('link', { name: nome, exact: true }).focus();
    await page.keyboard.press('Enter');
    await record(page).getByRole('heading', { name: nome }).waitFor();
    await page.keyboard.press('Escape');
    await record(page).waitFor({ state: 'detached' });

    const shared = await page.context().newPage();
    await shared.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await record(shared).getByRole('heading', { name: nome }).waitFor();
  });

  test("a note is seen live in a second admin's panel; status, contact and assignment reach the timeline with their author", async () => {
    const nome = uniqueTag('Nota');
    const [id] = await harness.seed({ nome });
    const colleague = await createAdmin('colega-ficha');
    const page = await harness.panel({ account: boss });
    const other = await harness.panel({ account: colleague });
    await page.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await other.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await record(other).getByText('Nenhuma anotação ainda.').waitFor();

    await record(page)
      .getByRole('textbox', { name: 'Nova anotação' })
      .fill('Não atendeu, tentar terça');
    await record(page).getByRole('button', { name: 'Adicionar anotação' }).click();
    const seen = record(other).getByRole('list', { name: 'Anotações' }).getByRole('listitem');
    await seen.filter({ hasText: 'Não atendeu, tentar terça' }).waitFor();
    expect(await seen.first().textContent()).toContain(boss.email);
    // Only the author may edit or delete it.
    expect(
      await seen
        .first()
        .getByRole('button', { name: /^Editar anotação/ })
        .count(),
    ).toBe(0);

    await record(page)
      .getByRole('combobox', { name: `Status de ${nome}` })
      .selectOption('principal');
    await record(page).getByRole('button', { name: 'Registrar contato' }).click();
    await record(page).getByText('Nunca contatado').waitFor({ state: 'detached' });
    await record(page).getByRole('button', { name: 'Atribuir a mim' }).click();

    await expect
      .poll(timelineTexts(other), slow)
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`Anotação adicionada`),
          expect.stringContaining(`Status alterado de Novo para Principal`),
          expect.stringContaining('Contato registrado'),
          expect.stringContaining(`Responsável: ${boss.email}`),
        ]),
      );
    const entries = await timelineTexts(other)();
    for (const entry of entries.slice(0, -1)) expect(entry).toContain(`por ${boss.email}`);
    expect(entries.at(-1)).toContain('Candidatura recebida');
  });

  test("'Meus leads' and 'Não contatados' follow what the record and the selection bar write", async () => {
    const tag = uniqueTag('Filtro');
    const [mine, contacted] = await harness.seed(
      { nome: `${tag} Minha`, ageMinutes: 1 },
      { nome: `${tag} Contatada`, ageMinutes: 2 },
      { nome: `${tag} Outra`, ageMinutes: 3 },
    );
    const page = await harness.panel({ account: boss });
    await page.goto(`${suite.webUrl}${leadRecordPath(mine!)}`);
    await record(page).getByRole('button', { name: 'Atribuir a mim' }).click();
    // The toast comes once the server has the write (the button leaves at once, from the local
    // cache): leaving the page before it would drop the write.
    await page.getByText('Responsável atualizado').first().waitFor();
    await page.goto(`${suite.webUrl}${leadRecordPath(contacted!)}`);
    await record(page).getByRole('button', { name: 'Registrar contato' }).click();
    await record(page).getByText('Nunca contatado').waitFor({ state: 'detached' });
    await record(page).getByRole('button', { name: 'Fechar' }).click();

    await searchBox(page).fill(tag);
    await expect
      .poll(listedNames(page), slow)
      .toEqual([`${tag} Minha`, `${tag} Contatada`, `${tag} Outra`]);
    expect(await cellUnder(page, `${tag} Contatada`, 'Último contato')).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect(await cellUnder(page, `${tag} Outra`, 'Último contato')).not.toMatch(/\d/);
    await page.getByRole('switch', { name: 'Não contatados' }).click();
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Minha`, `${tag} Outra`]);
    await page.getByRole('switch', { name: 'Meus leads' }).click();
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Minha`]);
    await page.getByRole('switch', { name: 'Não contatados' }).click();
    await page.getByRole('switch', { name: 'Meus leads' }).click();

    // Assign the other two at once from the selection bar: 'Meus leads' then lists all three.
    await page.getByRole('checkbox', { name: `Selecionar ${tag} Contatada` }).check();
    await page.getByRole('checkbox', { name: `Selecionar ${tag} Outra` }).check();
    await page
      .getByRole('combobox', { name: 'Responsável dos selecionados' })
      .selectOption(boss.email);
    await page.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await page.getByText('2 leads atribuídos.').waitFor();
    await page.getByRole('switch', { name: 'Meus leads' }).click();
    await expect
      .poll(listedNames(page), slow)
      .toEqual([`${tag} Minha`, `${tag} Contatada`, `${tag} Outra`]);
  });

  test("the author edits and deletes her note; trash, 'Desfazer' and a restore reach the timeline with their author", async () => {
    const nome = uniqueTag('Historico');
    const [id] = await harness.seed({ nome });
    const page = await harness.panel({ account: boss });
    await page.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    const notes = record(page).getByRole('list', { name: 'Anotações' }).getByRole('listitem');
    await record(page).getByRole('textbox', { name: 'Nova anotação' }).fill('Ligar terça');
    await record(page).getByRole('button', { name: 'Adicionar anotação' }).click();
    await notes.filter({ hasText: 'Ligar terça' }).waitFor();

    await notes.getByRole('button', { name: /^Editar anotação/ }).click();
    await record(page).getByRole('textbox', { name: 'Texto da anotação' }).fill('Ligar quarta');
    await record(page).getByRole('button', { name: 'Salvar' }).click();
    await notes.filter({ hasText: 'Ligar quarta' }).waitFor();
    await notes.getByRole('button', { name: /^Excluir anotação/ }).click();
    await page
      .getByRole('dialog', { name: 'Excluir anotação' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await record(page).getByText('Nenhuma anotação ainda.').waitFor();

    // To the trash and back by the toast's 'Desfazer', then again and back by 'Restaurar'.
    const trash = record(page).getByRole('button', { name: `Mover ${nome} para lixeira` });
    const restore = record(page).getByRole('button', { name: `Restaurar ${nome}` });
    await trash.click();
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await page.getByText('Lead restaurado').first().waitFor();
    await trash.waitFor();
    await trash.click();
    await restore.click();
    await trash.waitFor();

    await expect
      .poll(timelineTexts(page), slow)
      .toEqual([
        expect.stringContaining('Restaurado da lixeira'),
        expect.stringContaining('Movido para a lixeira'),
        expect.stringContaining("Restaurado por 'Desfazer'"),
        expect.stringContaining('Movido para a lixeira'),
        expect.stringContaining('Anotação excluída'),
        expect.stringContaining('Anotação editada'),
        expect.stringContaining('Anotação adicionada'),
        expect.stringContaining('Candidatura recebida'),
      ]);
    const entries = await timelineTexts(page)();
    for (const entry of entries.slice(0, -1)) expect(entry).toContain(`por ${boss.email}`);
  });

  test('a message template fills the WhatsApp link for the lead', async () => {
    const nome = `${uniqueTag('Modelo')} da Silva`;
    const [id] = await harness.seed({ nome, whatsapp: '(79) 99123-4567' });
    const templateName = uniqueTag('Primeiro contato ');
    const page = await harness.panel({ account: boss });
    await page.getByRole('tab', { name: 'Configurações' }).click();
    const templates = page.getByRole('region', { name: 'Modelos de mensagem' });
    await templates.getByRole('textbox', { name: 'Nome do modelo' }).fill(templateName);
    await templates
      .getByRole('textbox', { name: 'Mensagem' })
      .fill('Olá {primeiro_nome}, recebemos sua candidatura para {vaga}.');
    await templates.getByRole('button', { name: 'Adicionar modelo' }).click();
    // The list shows the template from the local cache at once; the toast comes once the server
    // has it. Leaving the page before that would drop the write (a CI run lost it so).
    await page.getByText('Modelo salvo').first().waitFor();
    await templates.getByText(templateName).waitFor();

    await page.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await record(page)
      .getByRole('button', { name: `Abrir WhatsApp de ${nome}` })
      .click();
    const item = page.getByRole('menuitem', { name: templateName });
    const first = nome.split(' ')[0]!;
    expect(await item.getAttribute('href')).toBe(
      `https://wa.me/5579991234567?text=${encodeURIComponent(`Olá ${first}, recebemos sua candidatura para ${seededFields.vaga}.`)}`,
    );
    await adminFirestore()
      .collection('message_templates')
      .where('name', '==', templateName)
      .get()
      .then((snapshot) => Promise.all(snapshot.docs.map((d) => d.ref.delete())));
  });

  test('a lead deleted for good leaves no note and no timeline behind', async () => {
    const nome = uniqueTag('Apagar');
    const [id] = await harness.seed({ nome });
    const page = await harness.panel({ account: boss });
    await page.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await record(page).getByRole('textbox', { name: 'Nova anotação' }).fill('Desistiu da vaga');
    await record(page).getByRole('button', { name: 'Adicionar anotação' }).click();
    // The note saved (its entry in the timeline) before the trash: the timeline is in the order
    // the server received the writes, and on a loaded machine a click can outrun the note's save.
    await expect
      .poll(timelineTexts(page), slow)
      .toEqual([
        expect.stringContaining('Anotação adicionada'),
        expect.stringContaining('Candidatura recebida'),
      ]);
    await record(page)
      .getByRole('button', { name: `Mover ${nome} para lixeira` })
      .click();
    await expect
      .poll(timelineTexts(page), slow)
      .toEqual([
        expect.stringContaining('Movido para a lixeira'),
        expect.stringContaining('Anotação adicionada'),
        expect.stringContaining('Candidatura recebida'),
      ]);
    await record(page).getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('tab', { name: /^Lixeira/ }).click();
    await page.getByRole('button', { name: `Deletar ${nome} permanentemente` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deletar permanentemente' });
    await confirm.getByRole('button', { name: 'Deletar' }).click();
    await page.getByText('Lead deletado permanentemente').first().waitFor();

    const db = adminFirestore();
    await expect
      .poll(
        async () =>
          (await db.collection(`leads/${id}/notes`).get()).size +
          (await db.collection(`leads/${id}/timeline`).get()).size,
        slow,
      )
      .toBe(0);
    expect((await db.doc(`leads/${id}`).get()).exists).toBe(false);
  });

  test("'Limpar Dados' puts 'Movido para a lixeira', with its author, in each lead's timeline", async () => {
    const db = adminFirestore();
    const before = await db.collection('leads').where('deleted_at', '==', null).get();
    const tag = uniqueTag('Limpeza');
    const leads = [`${tag} Um`, `${tag} Dois`];
    const ids = await harness.seed({ nome: leads[0]! }, { nome: leads[1]! });
    try {
      const page = await harness.panel({ account: boss });
      await page.getByRole('button', { name: 'Limpar Dados' }).click();
      await page
        .getByRole('dialog', { name: 'Limpar Dados' })
        .getByRole('button', { name: 'Mover todos para lixeira' })
        .click();
      await page.getByText('Dados limpos').first().waitFor({ timeout: slow.timeout });
      for (const [i, nome] of leads.entries()) {
        await page.goto(`${suite.webUrl}${leadRecordPath(ids[i]!)}`);
        await record(page).getByRole('heading', { name: nome }).waitFor();
        await expect
          .poll(timelineTexts(page), slow)
          .toEqual([
            expect.stringContaining('Movido para a lixeira'),
            expect.stringContaining('Candidatura recebida'),
          ]);
        const [entry] = await timelineTexts(page)();
        expect(entry, nome).toContain(`por ${boss.email}`);
      }
    } finally {
      // Put back what other test files own.
      for (let start = 0; start < before.docs.length; start += 500) {
        const batch = db.batch();
        for (const doc of before.docs.slice(start, start + 500)) {
          batch.update(doc.ref, { deleted_at: null });
        }
        await batch.commit();
      }
    }
  });
});
