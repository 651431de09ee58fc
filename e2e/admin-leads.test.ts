// The Leads tab in Chromium on the local suite: the list, counters, filters, row
// actions, the live arrivals from the public page, another admin's change, the CSV byte by byte,
// Limpar Dados over more than 500 leads, and the error toasts when the emulator refuses.
import { readFile } from 'node:fs/promises';
import type { Dialog, Page } from 'playwright-core';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, test } from 'vitest';
import { leadKeys } from '@vagas/common';
import { pinnedLeadFields, serverLeadFields } from '../web/src/domain/lead';
import { columnLabel, exportColumns } from '../web/src/domain/lead-columns';
import { qualifiedExportHeader } from '../web/src/domain/lead-export';
import { fillApplication, waitForApp } from './public-support';
import { createAdmin, slow } from './support/admin';
import {
  chooseTodayAsPeriod,
  counter,
  listedNames,
  recordToasts,
  refusingRules,
  row,
  searchBox,
  cellsOf,
  seededFields,
  storedLead,
  toast,
  toastShown,
  uniqueTag,
  withRules,
} from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore, slowWrites, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const { panel, seed, track, visitor } = usePanelHarness('leads');

/** Confirms 'Mover selecionados para lixeira' (admin-trash-batches.test.ts tests the dialog). */
async function confirmBulkTrash(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Mover para a lixeira' })
    .getByRole('button', { name: 'Mover para lixeira' })
    .click();
}

async function activeCounts() {
  const snap = await adminFirestore().collection('leads').where('deleted_at', '==', null).get();
  const by = (status: string) => snap.docs.filter((d) => d.get('status') === status).length;
  return {
    total: snap.size,
    principal: by('principal'),
    separado: by('separado'),
    descartado: by('descartado'),
  };
}

describe('Leads tab', () => {
  test('lists the active leads newest first, with counters, a dash for missing values and filters', async () => {
    const tag = uniqueTag('Lista');
    await seed(
      { nome: `${tag} Júlia Araújo`, status: 'principal', vaga: 'Aux Serraria', ageMinutes: 1 },
      {
        nome: `${tag} Bruno`,
        status: 'separado',
        vaga: '[Conecta] Analista de Atendimento',
        cidade: 'Aracaju - Centro',
        idade: 31,
        tempo_experiencia: '2 a 5 anos',
        ageMinutes: 2,
      },
      { nome: `${tag} Carla`, status: 'descartado', ageMinutes: 3 },
    );
    const page = await panel();
    const expected = await activeCounts();
    await expect
      .poll(counter(page, 'Total de Leads'), slow)
      .toBe(expected.total.toLocaleString('pt-BR'));
    expect(await counter(page, 'Principais')()).toBe(String(expected.principal));
    expect(await counter(page, 'Separados')()).toBe(String(expected.separado));
    expect(await counter(page, 'Descartados')()).toBe(String(expected.descartado));

    await searchBox(page).fill(tag);
    await expect
      .poll(listedNames(page), slow)
      .toEqual([`${tag} Júlia Araújo`, `${tag} Bruno`, `${tag} Carla`]);
    expect(await cellsOf(page, 'Júlia')).toMatchObject({
      WhatsApp: seededFields.whatsapp,
      Vaga: 'Aux Serraria',
      Cidade: seededFields.cidade,
      Idade: '-',
      Experiência: '-',
    });
    const bruno = await cellsOf(page, 'Bruno');
    expect(bruno).toMatchObject({ Idade: '31', Experiência: '2 a 5 anos', Status: 'separado' });
    expect(bruno.Data).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // Accent- and case-insensitive search, combined with the filters.
    // Each step waits for the exact list it should produce: the previous step's list may have as
    // many rows (one), so a row count would not prove the new filter is applied.
    await searchBox(page).fill(`${tag.toUpperCase()} julia araujo`);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Júlia Araújo`]);
    await searchBox(page).fill(tag);
    await page.getByLabel('Filtrar por status').selectOption({ label: 'Separado' });
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Bruno`]);
    await page.getByLabel('Filtrar por status').selectOption({ label: 'Todos' });
    await page.getByLabel('Filtrar por vaga').selectOption({ label: 'Aux Serraria' });
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Júlia Araújo`]);
  });

  test('the Período range keeps the leads created on the chosen days', async () => {
    const tag = uniqueTag('Periodo');
    await seed(
      { nome: `${tag} Hoje`, ageMinutes: 1 },
      { nome: `${tag} Antes`, ageMinutes: 3 * 1440 },
    );
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Hoje`, `${tag} Antes`]);
    await chooseTodayAsPeriod(page);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Hoje`]);
  });

  test('changes a status and moves a lead to the trash (and back with Desfazer); the document follows', async () => {
    const tag = uniqueTag('Acao');
    const [id] = await seed({ nome: `${tag} Dora` });
    const page = await panel();
    await searchBox(page).fill(tag);
    await page.getByLabel(`Status de ${tag} Dora`).selectOption('principal');
    await expect.poll(toast(page, 'Status atualizado'), slow).toBe(true);
    await expect.poll(async () => (await storedLead(id!))?.status, slow).toBe('principal');
    expect(await row(page, tag).textContent()).toContain('principal');

    await page.getByRole('button', { name: `Mover ${tag} Dora para lixeira` }).click();
    await expect.poll(toast(page, 'Lead movido para lixeira'), slow).toBe(true);
    await expect
      .poll(async () => (await storedLead(id!))?.deleted_at?.toMillis?.() ?? null, slow)
      .not.toBeNull();
    await expect.poll(() => row(page, tag).count(), slow).toBe(0);
    // The panel wrote only status and deleted_at; the derived keys (search_keys, phone_key,
    // contacted, name_key: common/src/lead-keys.ts) come with the seed, as the function writes them,
    // and the screening's verdict from the function (it stamps every new lead).
    await expect
      .poll(async () => Object.keys((await storedLead(id!)) ?? {}).sort(), slow)
      .toEqual(
        [
          ...Object.keys(seededFields),
          ...pinnedLeadFields,
          ...Object.keys(leadKeys('', '')),
          ...serverLeadFields,
        ].sort(),
      );

    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect.poll(toast(page, 'Lead restaurado'), slow).toBe(true);
    await expect.poll(async () => (await storedLead(id!))?.deleted_at, slow).toBeNull();
    await expect.poll(() => row(page, tag).count(), slow).toBe(1);
  });

  test('leaving the panel while a change is on its way asks first; once the server has it, the panel closes without asking', async () => {
    const tag = uniqueTag('Saida');
    const [id] = await seed({ nome: `${tag} Eva` });
    const page = await panel();
    // The server has the panel's writes 3 s late (the page shows them at once).
    await slowWrites(page.context(), 3000);
    // A click first: a browser asks before leaving only a page the person has used.
    await searchBox(page).click();
    await searchBox(page).fill(tag);
    await page.getByLabel(`Status de ${tag} Eva`).selectOption('principal');
    const asked = Promise.race([
      new Promise<Dialog>((resolve) => page.once('dialog', resolve)),
      new Promise<'closed'>((resolve) => page.once('close', () => resolve('closed'))),
    ]);
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog === 'closed' ? 'closed without asking' : dialog.type()).toBe('beforeunload');
    await (dialog as Dialog).dismiss();

    // Stayed: the change reaches the server, and then leaving asks nothing.
    await expect.poll(toast(page, 'Status atualizado'), slow).toBe(true);
    expect((await storedLead(id!))?.status).toBe('principal');
    const dialogs: string[] = [];
    page.on('dialog', (shown) => {
      dialogs.push(shown.type());
      void shown.dismiss();
    });
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual([]);
  });

  test('selects several leads and changes their status, then trashes them, at once', async () => {
    const tag = uniqueTag('Lote');
    const ids = await seed({ nome: `${tag} Um` }, { nome: `${tag} Dois` }, { nome: `${tag} Tres` });
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Um`, `${tag} Dois`, `${tag} Tres`]);
    await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).check();
    await page.getByLabel('Novo status dos selecionados').selectOption('descartado');
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await expect.poll(toast(page, 'Status atualizado'), slow).toBe(true);
    await expect
      .poll(async () => (await Promise.all(ids.map(storedLead))).map((d) => d?.status), slow)
      .toEqual(['descartado', 'descartado', 'descartado']);

    await page.getByRole('checkbox', { name: `Selecionar ${tag} Um` }).check();
    await page.getByRole('checkbox', { name: `Selecionar ${tag} Tres` }).check();
    await page.getByRole('button', { name: 'Mover selecionados para lixeira' }).click();
    await confirmBulkTrash(page);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Dois`]);
    // The list hides trashed rows as soon as the write is made locally: wait for the server.
    await expect
      .poll(
        async () => (await Promise.all(ids.map(storedLead))).map((d) => d?.deleted_at === null),
        slow,
      )
      .toEqual([false, true, false]);
  });

  test('a ticked lead that a colleague trashes is unticked: the bulk bar counts and moves only the others', async () => {
    const tag = uniqueTag('Marcado');
    const [um, dois, tres] = await seed(
      { nome: `${tag} Um` },
      { nome: `${tag} Dois` },
      { nome: `${tag} Tres` },
    );
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Um`, `${tag} Dois`, `${tag} Tres`]);
    await page.getByRole('checkbox', { name: 'Selecionar todos desta página' }).check();
    const bar = (n: number) =>
      page.getByRole('region', { name: `${n} ${n === 1 ? 'selecionado' : 'selecionados'}` });
    await bar(3).waitFor(slow);
    // The colleague's trash, as their panel writes it.
    await adminFirestore().collection('leads').doc(dois!).update({ deleted_at: new Date() });
    await bar(2).waitFor(slow);
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Um`, `${tag} Tres`]);
    await page.getByRole('button', { name: 'Mover selecionados para lixeira' }).click();
    await confirmBulkTrash(page);
    await expect.poll(listedNames(page), slow).toEqual([]);
    await expect
      .poll(
        async () => (await Promise.all([um!, tres!].map(storedLead))).map((d) => !!d?.deleted_at),
        slow,
      )
      .toEqual([true, true]);
    // Restored, the colleague's lead comes back unticked.
    await adminFirestore().collection('leads').doc(dois!).update({ deleted_at: null });
    await expect.poll(listedNames(page), slow).toEqual([`${tag} Dois`]);
    expect(await page.getByRole('checkbox', { name: `Selecionar ${tag} Dois` }).isChecked()).toBe(
      false,
    );
  });

  test('an application from the public page appears live, marked new, counted in the title', async () => {
    const tag = uniqueTag('Ao vivo');
    const page = await panel();
    const baseTitle = await page.title();
    const candidate = await visitor({ viewport: { width: 390, height: 800 }, locale: 'pt-BR' });
    const form = await candidate.newPage();
    await form.goto(`${suite.webUrl}/`);
    await waitForApp(form);
    await fillApplication(form, 'root', { nome: `${tag} Eva` });
    await form.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await expect
      .poll(() => form.getByText('Candidatura enviada com sucesso! 🎉').isVisible(), slow)
      .toBe(true);
    const written = await adminFirestore()
      .collection('leads')
      .where('nome', '==', `${tag} Eva`)
      .get();
    track(written.docs.map((d) => d.id));

    await expect.poll(() => row(page, `${tag} Eva`).count(), slow).toBe(1);
    await expect
      .poll(() => row(page, `${tag} Eva`).getByText('Recém-chegado').isVisible(), slow)
      .toBe(true);
    await expect.poll(() => page.title(), slow).toMatch(new RegExp(`^\\(\\d+\\) ${baseTitle}$`));
    await page.getByRole('button', { name: /^Marcar como vistos/ }).click();
    await expect.poll(() => page.title(), slow).toBe(baseTitle);
    await expect
      .poll(() => row(page, `${tag} Eva`).getByText('Recém-chegado').count(), slow)
      .toBe(0);
  });

  test("another admin's status change and trash show up in every open panel", async () => {
    const tag = uniqueTag('Outro');
    await seed({ nome: `${tag} Fabi` }, { nome: `${tag} Gil` });
    const other = await createAdmin('leads-other');
    const [mine, theirs] = await Promise.all([panel(), panel({ account: other })]);
    await searchBox(mine).fill(tag);
    await searchBox(theirs).fill(tag);
    await expect.poll(() => row(mine, `${tag} Fabi`).count(), slow).toBe(1);
    await theirs.getByLabel(`Status de ${tag} Fabi`).selectOption('separado');
    await expect
      .poll(() => mine.getByLabel(`Status de ${tag} Fabi`).inputValue(), slow)
      .toBe('separado');
    expect(await row(mine, `${tag} Fabi`).textContent()).toContain('separado');
    await theirs.getByRole('button', { name: `Mover ${tag} Gil para lixeira` }).click();
    await expect.poll(() => row(mine, `${tag} Gil`).count(), slow).toBe(0);
  });
});

describe('Exportar Qualificados', () => {
  test('downloads leads_qualificados.csv: BOM, ;, RFC 4180 quoting, formula cells neutralised, accents', async () => {
    const tag = uniqueTag('Csv');
    await seed(
      { nome: `${tag} Zé "Da Silva"; Jr, filho`, status: 'principal', ageMinutes: 1 },
      { nome: `=HYPERLINK("http://x") ${tag}`, status: 'principal', ageMinutes: 2 },
      {
        nome: `@${tag} São João`,
        status: 'principal',
        idade: 40,
        tempo_experiencia: 'Mais de 10 anos',
        vaga: '[Conecta] Consultor de Vendas',
        cidade: 'Aracaju - Atalaia',
        ageMinutes: 3,
      },
      { nome: `${tag} Não qualificado`, status: 'separado', ageMinutes: 4 },
    );
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect
      .poll(listedNames(page), slow)
      .toEqual([
        `${tag} Zé "Da Silva"; Jr, filho`,
        `=HYPERLINK("http://x") ${tag}`,
        `@${tag} São João`,
        `${tag} Não qualificado`,
      ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar Qualificados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('leads_qualificados.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    // The export's columns (their labels, as docs/product.md names them: domain/lead.test.ts).
    expect(lines[0]).toBe(qualifiedExportHeader.join(';'));
    expect(lines.at(-1)).toBe('');
    const mine = lines.filter((line) => line.includes(tag));
    const date = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`;
    const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    /** A data line: the cells `cells` names (patterns), the others as the seeded lead has them. */
    const line = (cells: Record<string, string>) =>
      new RegExp(
        `^${exportColumns
          .map(
            (name) =>
              cells[columnLabel(name)] ??
              pattern(String((seededFields as Record<string, unknown>)[name] ?? '')),
          )
          .join(';')}$`,
      );
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatch(
      line({ Nome: `"${tag} Zé ""Da Silva""; Jr, filho"`, Status: 'Principal', Data: date }),
    );
    expect(mine[1]).toMatch(
      new RegExp(`^"'=HYPERLINK\\(""http://x""\\) ${tag}";${pattern(seededFields.whatsapp)};`),
    );
    expect(mine[2]).toMatch(
      line({
        Nome: `"'@${tag} São João"`,
        Vaga: String.raw`\[Conecta\] Consultor de Vendas`,
        Cidade: 'Aracaju - Atalaia',
        Idade: '40',
        Experiência: 'Mais de 10 anos',
        Status: 'Principal',
        Data: date,
      }),
    );
    // The file follows the filters (the search): the qualified leads shown, and nothing else.
    expect(lines.length - 2).toBe(mine.length);
    await expect.poll(toast(page, 'Exportação concluída'), slow).toBe(true);
  });
});

describe('Limpar Dados', () => {
  test('asks with the count and moves more than 500 leads to the trash, with progress; the other leads are put back after', async () => {
    const db = adminFirestore();
    const before = await db.collection('leads').where('deleted_at', '==', null).get();
    const tag = uniqueTag('Limpar');
    await seed(...Array.from({ length: 620 }, (_, i) => ({ nome: `${tag} ${i}` })));
    const total = before.size + 620;
    try {
      const page = await panel();
      // The counter follows stats/leads, which the functions update once per seeded lead: 620
      // transactions, minutes on a fully loaded machine.
      await expect
        .poll(counter(page, 'Total de Leads'), { timeout: 240_000, interval: 200 })
        .toBe(total.toLocaleString('pt-BR'));
      await page.getByRole('button', { name: 'Limpar Dados' }).click();
      const dialog = page.getByRole('dialog', { name: 'Limpar Dados' });
      expect(await dialog.textContent()).toContain(
        `Todos os ${total} leads ativos serão movidos para a lixeira.`,
      );
      await dialog.getByRole('button', { name: 'Mover todos para lixeira' }).click();
      await expect
        .poll(toast(page, 'Dados limpos'), { timeout: 120_000, interval: 100 })
        .toBe(true);
      expect(await page.getByText(`${total} leads movidos para a lixeira.`).isVisible()).toBe(true);
      const left = await db.collection('leads').where('deleted_at', '==', null).count().get();
      expect(left.data().count).toBe(0);
      // One batch for the whole run, though it took two writes: the Lixeira restores it as one.
      const moved = await db
        .collection('leads')
        .where('nome', '>=', tag)
        .where('nome', '<', `${tag}~`)
        .get();
      expect(new Set(moved.docs.map((doc) => doc.get('trash_batch'))).size).toBe(1);
      expect(moved.docs[0]?.get('trash_batch')).toEqual(expect.any(String));
      await expect.poll(counter(page, 'Total de Leads'), slow).toBe('0');
      expect(await page.getByRole('button', { name: 'Limpar Dados' }).isDisabled()).toBe(true);
      await expect
        .poll(() => page.getByRole('tab', { name: /^Lixeira/ }).textContent(), slow)
        .not.toBe('Lixeira (0)');
    } finally {
      // Put back what other test files own.
      for (let start = 0; start < before.docs.length; start += 500) {
        const batch = db.batch();
        for (const doc of before.docs.slice(start, start + 500))
          batch.update(doc.ref, { deleted_at: null, trash_batch: FieldValue.delete() });
        await batch.commit();
      }
    }
    // 620 seeded leads, each counted by the functions, then 620 moved: past the usual bound on a
    // fully loaded machine.
  }, 480_000);
});

describe('refused writes and reads', () => {
  test('each failed action toasts its error and leaves no spinner', async () => {
    const tag = uniqueTag('Recusa');
    const [activeId] = await seed({ nome: `${tag} Hugo` });
    // Deleted "in the future", so it is on the Lixeira's first page whatever else is in the trash.
    await seed({ nome: `${tag} Iara`, trashedMinutesAgo: -10 });
    const page = await panel();
    await searchBox(page).fill(tag);
    await expect.poll(() => row(page, tag).count(), slow).toBe(1);
    await withRules(refusingRules('allow get, list: if isAdmin();'), async () => {
      await page.getByLabel(`Status de ${tag} Hugo`).selectOption('principal');
      await expect.poll(toast(page, 'Erro ao atualizar status'), slow).toBe(true);
      await expect
        .poll(() => page.getByLabel(`Status de ${tag} Hugo`).inputValue(), slow)
        .toBe('novo');
      await page.getByRole('button', { name: `Mover ${tag} Hugo para lixeira` }).click();
      await expect.poll(toast(page, 'Erro ao mover lead'), slow).toBe(true);
      await expect
        .poll(
          () => page.getByRole('button', { name: `Mover ${tag} Hugo para lixeira` }).isEnabled(),
          slow,
        )
        .toBe(true);
      await page.getByRole('button', { name: 'Limpar Dados' }).click();
      await page.getByRole('button', { name: 'Mover todos para lixeira' }).click();
      await expect.poll(toast(page, 'Erro ao limpar dados'), slow).toBe(true);
      expect(await page.getByText(/^0 de \d+ leads foram movidos para a lixeira/).isVisible()).toBe(
        true,
      );
      await expect.poll(() => page.getByRole('dialog').count(), slow).toBe(0);

      await page.getByRole('tab', { name: /^Lixeira/ }).click();
      const trashRow = row(page, `${tag} Iara`);
      await expect.poll(() => trashRow.count(), slow).toBe(1);
      await page.getByRole('button', { name: `Restaurar ${tag} Iara` }).click();
      await expect.poll(toast(page, 'Erro ao restaurar lead'), slow).toBe(true);
      await page.getByRole('button', { name: `Deletar ${tag} Iara permanentemente` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deletar' }).click();
      await expect.poll(toast(page, 'Erro ao deletar permanentemente'), slow).toBe(true);
      await expect.poll(() => page.getByRole('dialog').count(), slow).toBe(0);
      expect(await trashRow.count()).toBe(1);
    });
    expect((await storedLead(activeId!))?.status).toBe('novo');
  });

  test('a refused trash list toasts Erro ao carregar lixeira; a refused list toasts Erro ao carregar leads and signs out', async () => {
    const page = await panel();
    await withRules(
      refusingRules(
        'allow get: if isAdmin();\n      allow list: if isAdmin() && resource.data.deleted_at == null;',
      ),
      async () => {
        await page.getByRole('tab', { name: /^Lixeira/ }).click();
        await expect.poll(toast(page, 'Erro ao carregar lixeira'), slow).toBe(true);
      },
    );
    const second = await panel();
    // The toast comes just before the sign-out takes the page to the login: recorded as it shows.
    await recordToasts(second);
    await withRules(refusingRules('allow read: if false;'), async () => {
      await second.reload();
      await expect.poll(toastShown(second, 'Erro ao carregar leads'), slow).toBe(true);
      await expect.poll(() => new URL(second.url()).pathname, slow).toBe('/admin/login');
    });
  });
});
