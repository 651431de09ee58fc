// Next steps in Chromium against the local suite (the timeline function through the Functions
// emulator): set on the record by one admin (who becomes responsible), shown in the list and seen
// by a colleague; every change on the timeline with its author; 'Para hoje' for me and for everyone
// (late first, 'Concluir', 'Adiar'); and the responsible admin reminded as a step falls due, with
// a toast and, opted in and in the background, a desktop notification; the other admin is not.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { stepsPerPage } from '@/features/today/page-size';
import { leadRecordPath, routes } from '../web/src/config/routes';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import { row, searchBox, seriousAxeViolationsIn, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('passos-harness');
let boss: AdminAccount;
let colleague: AdminAccount;

beforeAll(async () => {
  [boss, colleague] = await Promise.all([createAdmin('passos'), createAdmin('colega-passos')]);
});

const hour = 3_600_000;
const record = (page: Page) => page.getByRole('dialog', { name: 'Ficha do candidato' });
const nextStep = (page: Page) =>
  record(page).locator('section', { has: page.getByRole('heading', { name: 'Próximo passo' }) });

/** 'dd/mm/aaaa hh:mm' in the browsers' time zone (America/Bahia, UTC-3 all year). */
function bahia(date: Date): string {
  const d = new Date(date.getTime() - 3 * hour);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The date and time inputs' values for `date` in the page's time zone. */
function inputsFor(date: Date): { date: string; time: string } {
  const [day, time] = bahia(date).split(' ');
  const [dd, mm, yyyy] = day!.split('/');
  return { date: `${yyyy}-${mm}-${dd}`, time: time! };
}

/** Sets the record's next step through its form. */
async function setStep(
  page: Page,
  step: { kind: 'Retornar em' | 'Entrevista em'; due: Date; text?: string },
) {
  const section = nextStep(page);
  const open = section.getByRole('button', { name: /^(Definir próximo passo|Alterar)$/ });
  await open.click();
  await section.getByText(step.kind, { exact: true }).click();
  const { date, time } = inputsFor(step.due);
  await section.getByLabel(/^Data/).fill(date);
  await section.getByLabel(/^Hora/).fill(time);
  if (step.text !== undefined) {
    await section.getByRole('textbox', { name: 'Descrição (opcional)' }).fill(step.text);
  }
  await section.getByRole('button', { name: 'Salvar próximo passo' }).click();
}

/** The record's timeline entries, newest first, as text. */
const timelineTexts = (page: Page) => () =>
  record(page).getByRole('list', { name: 'Histórico' }).getByRole('listitem').allTextContents();

/** The names 'Para hoje' lists in a section ('Atrasados' or 'Hoje') that contain `tag`. */
const todayNames = (page: Page, section: string, tag: string) => async () => {
  const names = await page
    .locator('section', { has: page.getByRole('heading', { name: new RegExp(`^${section} \\(`) }) })
    .locator('li a')
    .allTextContents();
  return names.filter((name) => name.includes(tag));
};

describe('next steps', () => {
  test('set on the record (its author becomes responsible), seen in the list and by a colleague, every change on the timeline', async () => {
    const nome = uniqueTag('Passo');
    const [id] = await harness.seed({ nome });
    const page = await harness.panel({ account: boss });
    const other = await harness.panel({ account: colleague });
    await page.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await nextStep(page).getByText('Nenhum próximo passo.').waitFor();

    const due = new Date(Date.now() + 26 * hour);
    // A date left empty is refused by the form, with nothing written.
    await nextStep(page).getByRole('button', { name: 'Definir próximo passo' }).click();
    await nextStep(page).getByLabel(/^Data/).fill('');
    await nextStep(page).getByRole('button', { name: 'Salvar próximo passo' }).click();
    await nextStep(page).getByText('Informe a data e a hora.').waitFor();
    await nextStep(page).getByRole('button', { name: 'Cancelar' }).click();

    await setStep(page, { kind: 'Entrevista em', due, text: 'Trazer RG' });
    await page.getByText('Próximo passo salvo').first().waitFor();
    const shown = `Entrevista em ${bahia(due)}`;
    await nextStep(page).getByText(shown).waitFor();
    await nextStep(page)
      .getByText(`Lembrete para ${boss.email.toLowerCase()} (responsável).`)
      .waitFor();
    expect(await seriousAxeViolationsIn(page, ['.mantine-Drawer-content'])).toEqual([]);

    // The colleague's list shows it in its column, live.
    await searchBox(other).fill(nome);
    const cell = async () => {
      const headers = (await other.locator('thead th').allTextContents()).map((h) => h.trim());
      return row(other, nome).locator('td').nth(headers.indexOf('Próximo passo')).textContent();
    };
    await expect.poll(cell, slow).toBe(`${shown} · Trazer RG`);

    // Changed, done, set again and removed: each on the timeline, by its author.
    const later = new Date(due.getTime() + 24 * hour);
    await setStep(page, { kind: 'Retornar em', due: later, text: '' });
    await nextStep(page)
      .getByText(`Retornar em ${bahia(later)}`)
      .waitFor();
    await nextStep(page).getByRole('button', { name: 'Concluir' }).click();
    await page.getByText('Próximo passo concluído').first().waitFor();
    await nextStep(page).getByText('Nenhum próximo passo.').waitFor();
    await expect.poll(cell, slow).toBe('-');

    await other.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    await expect
      .poll(timelineTexts(other), slow)
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`Próximo passo concluído: Retornar em ${bahia(later)}`),
          expect.stringContaining(
            `Próximo passo alterado: Retornar em ${bahia(later)} (antes: ${shown})`,
          ),
          expect.stringContaining(`Próximo passo: ${shown}Trazer RG`),
          expect.stringContaining(`Responsável: ${boss.email.toLowerCase()}`),
        ]),
      );
    const entries = await timelineTexts(other)();
    for (const entry of entries.slice(0, -1)) expect(entry).toContain(`por ${boss.email}`);
  });

  test("'Para hoje': late first, mine or everyone's, Concluir and Adiar; trashed leads and later days left out", async () => {
    const tag = uniqueTag('Hoje');
    const mine = boss.email.toLowerCase();
    const now = Date.now();
    const step = (ms: number, text?: string) => ({
      kind: 'retornar',
      due_at: new Date(now + ms),
      ...(text ? { text } : {}),
    });
    await harness.seed(
      { nome: `${tag} Atrasada`, assigned_to: mine, next_step: step(-26 * hour, 'Ligar cedo') },
      {
        nome: `${tag} Colega`,
        assigned_to: colleague.email.toLowerCase(),
        next_step: step(-hour / 2),
      },
      { nome: `${tag} Ninguém`, next_step: step(-2 * hour) },
      { nome: `${tag} Amanhã`, assigned_to: mine, next_step: step(30 * hour) },
      { nome: `${tag} Lixeira`, assigned_to: mine, next_step: step(-hour), trashedMinutesAgo: 5 },
    );
    const page = await harness.panel({ account: boss });
    await page.goto(`${suite.webUrl}${routes.admin}?vista=hoje`);
    const views = page.getByRole('tablist', { name: 'Visualização dos leads' });
    expect(await views.getByRole('tab', { name: 'Para hoje' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(todayNames(page, 'Atrasados', tag), slow).toEqual([`${tag} Atrasada`]);
    const late = page.locator('li', { hasText: `${tag} Atrasada` });
    expect(await late.textContent()).toContain('Ligar cedo');
    expect(await late.textContent()).toContain('Atrasado');
    expect(await seriousAxeViolationsIn(page, ['[role=tabpanel]'])).toEqual([]);

    await page.getByRole('button', { name: 'Todos', exact: true }).click();
    // Oldest first; tomorrow's and the trashed lead's are not listed.
    await expect
      .poll(todayNames(page, 'Atrasados', tag), slow)
      .toEqual([`${tag} Atrasada`, `${tag} Ninguém`, `${tag} Colega`]);
    await page.getByText(/próximos passos até o fim do dia$/).waitFor();
    expect(await page.locator('li', { hasText: `${tag} Ninguém` }).textContent()).toContain(
      'Sem responsável',
    );

    // 'Adiar 1 hora' moves it, 'Concluir' takes it off the list: both written for everyone.
    await page.getByRole('button', { name: `Adiar próximo passo de ${tag} Colega` }).click();
    await page.getByRole('menuitem', { name: 'Adiar 1 hora' }).click();
    await expect.poll(toast(page, 'Próximo passo adiado'), slow).toBe(true);
    // Half an hour from now: still today, unless today ends first.
    const stillToday =
      bahia(new Date(now + hour / 2)).slice(0, 10) === bahia(new Date()).slice(0, 10);
    await expect
      .poll(todayNames(page, 'Hoje', tag), slow)
      .toEqual(stillToday ? [`${tag} Colega`] : []);
    await page.getByRole('button', { name: `Concluir próximo passo de ${tag} Atrasada` }).click();
    await expect.poll(toast(page, 'Próximo passo concluído'), slow).toBe(true);
    await expect.poll(todayNames(page, 'Atrasados', tag), slow).toEqual([`${tag} Ninguém`]);

    // Its name opens the record over 'Para hoje', and closing it comes back to the view.
    await page.getByRole('link', { name: `${tag} Ninguém` }).click();
    await record(page)
      .getByRole('heading', { name: `${tag} Ninguém` })
      .waitFor();
    await record(page).getByRole('button', { name: 'Fechar' }).click();
    await record(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.webUrl}${routes.admin}?vista=hoje`);
  });

  test("'Para hoje' shows the first steps, and 'Mostrar mais' the next ones", async () => {
    const tag = uniqueTag('Mais');
    const mine = boss.email.toLowerCase();
    const now = Date.now();
    // Older than any other step of this file's: they come first, oldest first.
    const names = Array.from({ length: stepsPerPage + 2 }, (_, i) => `${tag} ${i + 1}`);
    await harness.seed(
      ...names.map((nome, i) => ({
        nome,
        assigned_to: mine,
        next_step: { kind: 'retornar', due_at: new Date(now - (200 - i) * hour) },
      })),
    );
    const page = await harness.panel({ account: boss });
    await page.goto(`${suite.webUrl}${routes.admin}?vista=hoje`);
    await expect
      .poll(todayNames(page, 'Atrasados', tag), slow)
      .toEqual(names.slice(0, stepsPerPage));
    await page.getByRole('button', { name: 'Mostrar mais' }).click();
    await expect.poll(todayNames(page, 'Atrasados', tag), slow).toEqual(names);
  });

  test('the responsible admin is reminded as a step falls due (toast, and a desktop notification in the background); the other admin is not', async () => {
    const nome = uniqueTag('Lembrete');
    const [id] = await harness.seed({ nome, assigned_to: colleague.email.toLowerCase() });
    const reminded = await harness.panel({ account: colleague });
    await reminded.context().grantPermissions(['notifications'], { origin: suite.webUrl });
    // Records the notifications the page raises.
    await reminded.evaluate(() => {
      const Real = window.Notification;
      const raised: { title: string; body: string; tag: string }[] = [];
      Object.defineProperty(window, '__raised', { value: raised });
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          raised.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
        }
      };
    });
    await reminded.getByRole('tab', { name: 'Para hoje' }).click();
    const optIn = reminded.getByRole('switch', { name: 'Lembretes na área de trabalho' });
    await optIn.check();
    await expect.poll(() => optIn.isChecked(), slow).toBe(true);
    expect(await reminded.evaluate(() => localStorage.getItem('vagas:notificacao-lembrete'))).toBe(
      'true',
    );
    // The colleague's panel goes to the background (another tab of theirs in front).
    const front = await reminded.context().newPage();
    await front.bringToFront();
    const cdp = await reminded.context().newCDPSession(reminded);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });

    const setter = await harness.panel({ account: boss });
    await setter.goto(`${suite.webUrl}${leadRecordPath(id!)}`);
    // The next whole minute: the form takes minutes, so the step falls due within a minute.
    const due = new Date(Math.ceil((Date.now() + 1000) / 60_000) * 60_000);
    await setStep(setter, { kind: 'Retornar em', due, text: 'Confirmar a entrevista' });
    await setter.getByText('Próximo passo salvo').first().waitFor();

    const title = `Retornar para ${nome}`;
    await expect.poll(toast(reminded, title), { timeout: 150_000, interval: 250 }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
    const raised = await reminded.evaluate(
      () => (window as unknown as { __raised: { title: string; body: string }[] }).__raised,
    );
    expect(raised).toEqual([
      expect.objectContaining({
        title,
        body: `Retornar em ${bahia(due)} · Confirmar a entrevista`,
      }),
    ]);
    // 'Abrir ficha' opens the lead's record.
    await reminded.bringToFront();
    await reminded
      .locator('.mantine-Notification-root', { hasText: title })
      .getByRole('button', { name: 'Abrir ficha' })
      .click();
    await record(reminded).getByRole('heading', { name: nome }).waitFor();
    // The admin who set it is not its responsible: no reminder for them.
    expect(await toast(setter, title)()).toBe(false);
  });
});
