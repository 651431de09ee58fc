// Desktop notifications of arrivals in Chromium: opt-in on the Leads tab (the browser's permission
// asked when turned on, the choice remembered), raised only while the panel is not in front, and a
// click opens that lead's record. The browser context grants (or not) the permission; an init
// script wraps window.Notification to record what the page raises.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leadRecordPath } from '../web/src/config/routes';
import {
  createAdmin,
  newAdminContext,
  openPanel,
  slow,
  warmAdminFunctions,
  type AdminAccount,
} from './support/admin';
import { removeLeads, seededFields, seedLeads, uniqueTag } from './support/leads';
import { closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
let admin: AdminAccount;
const contexts: BrowserContext[] = [];
const seeded: string[] = [];

beforeAll(async () => {
  [admin] = await Promise.all([createAdmin('avisos'), warmAdminFunctions()]);
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await removeLeads(seeded);
  await closeAdmin();
});

/** Runs in the page before the app: records every Notification raised, and permission requests. */
function observeNotifications() {
  const Real = window.Notification;
  const record = { raised: [] as Notification[], asked: 0 };
  Object.defineProperty(window, '__notifications', { value: record });
  class Observed extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      record.raised.push(this);
    }
    static override requestPermission(): Promise<NotificationPermission> {
      record.asked += 1;
      return Real.requestPermission();
    }
  }
  window.Notification = Observed;
}

type Recorded = { raised: Notification[]; asked: number };
const recorded = (page: Page) =>
  page.evaluate(() => {
    const r = (window as unknown as { __notifications: Recorded }).__notifications;
    return {
      asked: r.asked,
      raised: r.raised.map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
    };
  });

async function panelWith(permission: 'granted' | 'not asked'): Promise<Page> {
  const context = await newAdminContext(browser);
  contexts.push(context);
  if (permission === 'granted') {
    await context.grantPermissions(['notifications'], { origin: suite.webUrl });
  }
  await context.addInitScript(observeNotifications);
  const page = await openPanel(context, admin);
  await page.getByRole('group', { name: 'Total de Leads' }).waitFor();
  return page;
}

const toggle = (page: Page) =>
  page.getByRole('switch', { name: 'Notificação na área de trabalho' });

async function arrive(nome: string): Promise<string> {
  const [id] = await seedLeads([{ nome, ageMinutes: 0 }]);
  seeded.push(id!);
  return id!;
}

describe('desktop notifications of arrivals', () => {
  test('raised only in the background; a click opens the record; the choice is remembered', async () => {
    const tag = uniqueTag('Aviso');
    const page = await panelWith('granted');
    expect(await toggle(page).isChecked()).toBe(false);
    await toggle(page).check();
    await expect.poll(() => toggle(page).isChecked(), slow).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('vagas:notificacao-chegada'))).toBe(
      'true',
    );

    // In front: the list shows the arrival, and no notification is raised.
    await arrive(`${tag} Frente`);
    await page.getByText(`${tag} Frente`).first().waitFor();
    expect((await recorded(page)).raised).toEqual([]);

    // In the background (the admin opened another tab): the next arrival raises one. Playwright
    // emulates focus for every page; switched off, the panel sees the focus it really has.
    const other = await page.context().newPage();
    await other.bringToFront();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    expect(await page.evaluate(() => document.hasFocus())).toBe(false);
    const id = await arrive(`${tag} Fundo`);
    await expect
      .poll(async () => (await recorded(page)).raised, slow)
      .toEqual([
        {
          title: `Novo lead: ${tag} Fundo`,
          body: `${seededFields.vaga} · ${seededFields.cidade}`,
          tag: `vagas-lead-${id}`,
        },
      ]);

    await page.evaluate(() =>
      (window as unknown as { __notifications: Recorded }).__notifications.raised[0]!.dispatchEvent(
        new Event('click'),
      ),
    );
    await expect.poll(() => new URL(page.url()).pathname, slow).toBe(leadRecordPath(id));

    // The panel in front again: a hidden tab's timers are throttled, and loading it there is
    // not what this step checks (that the choice is remembered).
    await other.close();
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    await page.bringToFront();
    await page.goto(`${suite.webUrl}/admin`);
    await page.getByRole('group', { name: 'Total de Leads' }).waitFor();
    await expect.poll(() => toggle(page).isChecked(), slow).toBe(true);
  });

  test('turning it on asks the browser; refused, it stays off and says how to allow it', async () => {
    const page = await panelWith('not asked');
    await toggle(page).click();
    await page.getByText(/O navegador bloqueou as notificações deste site/).waitFor();
    const { asked } = await recorded(page);
    expect(asked).toBe(1);
    expect(await toggle(page).isChecked()).toBe(false);
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  });
});
