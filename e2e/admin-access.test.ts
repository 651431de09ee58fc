// Admin access in Chromium: sign-in, the admin claim, the /admin guard and sign-out.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantAdmin } from '../scripts/lib/admin-allowlist.mjs';
import { createAdmin, warmAdminFunctions } from './support/admin';
import { exampleApplication } from './support/leads';
import {
  adminAuth,
  adminFirestore,
  closeAdmin,
  launchChromium,
  newContext,
  useLocalSuite,
} from './support/suite';

const suite = useLocalSuite();
/** Calls go through the Functions emulator, whose first call per function boots a worker. */
const slow = { timeout: 60_000, interval: 100 };
let browser: Browser;
let listedAdmin: { email: string; password: string };

beforeAll(async () => {
  // An allow-listed admin of this file's own (the seed's demo admin would also write settings,
  // which other browser tests own).
  listedAdmin = await createAdmin('admin-e2e');
  browser = await launchChromium();
  // The Functions emulator boots a worker process on a function's first call (seconds on a busy
  // machine): do that here, so the tests time the app, not the boot.
  await warmAdminFunctions();
});

afterAll(async () => {
  await browser?.close();
  await closeAdmin();
});

/** The suite's admin SDK instances in the shape the allow-list code takes. */
function adminConnection() {
  return {
    db: adminFirestore(),
    auth: adminAuth(),
    target: { projectId: suite.projectId, emulators: true },
    close: async () => {},
  };
}

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** A fresh browser profile (no session), so tests never share a login. */
async function freshPage(): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[browser] ${message.text()}`);
  });
  return page;
}

/** The Firebase Auth user the browser persisted, if any (browserLocalPersistence). */
async function persistedUser(
  page: Page,
): Promise<{ uid: string; stsTokenManager: { accessToken: string } } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('firebase:authUser:')) return JSON.parse(localStorage.getItem(key) ?? '');
    }
    return null;
  });
}

function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${suite.webUrl}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const path = (page: Page) => new URL(page.url()).pathname;
const row = (page: Page, nome: string) => page.locator('tbody tr').filter({ hasText: nome });
const visible = (page: Page, text: string) => () =>
  page.getByText(text, { exact: true }).isVisible();

describe('admin access', () => {
  test('an anonymous visitor of /admin is sent to the login page', async () => {
    const page = await freshPage();
    await page.goto(`${suite.webUrl}/admin`);
    await expect.poll(() => path(page), slow).toBe('/admin/login');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Painel Administrativo' }).isVisible(), slow)
      .toBe(true);
    // The heading shows while Auth restores the session (a spinner); the form once it has none.
    await expect
      .poll(() => page.getByRole('button', { name: 'Entrar' }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByLabel('Email').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Senha').getAttribute('required')).not.toBeNull();
  });

  test('the admin signs in and lands on the panel, with the admin claim in the token', async () => {
    const page = await freshPage();
    await signIn(page, listedAdmin.email, listedAdmin.password);
    await expect.poll(visible(page, 'Login realizado com sucesso!'), slow).toBe(true);
    expect(await page.getByText('Redirecionando para o painel...').isVisible()).toBe(true);
    await expect.poll(() => path(page), slow).toBe('/admin');

    await expect
      .poll(() => page.getByRole('button', { name: 'Sair' }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Painel Administrativo' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('8 Rural Chocadeiras').isVisible()).toBe(true);
    expect(await page.getByText('Gestão de Vagas').isVisible()).toBe(true);
    const trashed = await adminFirestore()
      .collection('leads')
      .where('deleted_at', '!=', null)
      .count()
      .get();
    await expect
      // The panel's tabs (the first tab list; the Leads tab's views have one of their own).
      .poll(() => page.getByRole('tablist').first().getByRole('tab').allTextContents(), slow)
      .toEqual(['Leads', `Lixeira (${trashed.data().count})`, 'Relatórios', 'Configurações']);

    const user = await persistedUser(page);
    expect(user).not.toBeNull();
    expect(claimsOf(user!.stsTokenManager.accessToken).admin).toBe(true);

    // The session survives a reload, and the login page sends it straight back to the panel.
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sair' }).isVisible(), slow)
      .toBe(true);
    await page.goto(`${suite.webUrl}/admin/login`);
    await expect.poll(() => path(page), slow).toBe('/admin');
    await expect.poll(() => page.getByRole('tab', { name: 'Leads' }).isVisible(), slow).toBe(true);
  });

  test('Sair signs out, toasts Logout realizado and the panel is closed again', async () => {
    const page = await freshPage();
    await signIn(page, listedAdmin.email, listedAdmin.password);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sair' }).isVisible(), slow)
      .toBe(true);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect.poll(visible(page, 'Logout realizado'), slow).toBe(true);
    await expect.poll(() => path(page), slow).toBe('/admin/login');
    expect(await persistedUser(page)).toBeNull();
    await page.goto(`${suite.webUrl}/admin`);
    await expect.poll(() => path(page), slow).toBe('/admin/login');
  });

  test('a signed-up user who is not allow-listed is refused and signed out', async () => {
    const email = `visitante-${Date.now()}@example.com`;
    await adminAuth().createUser({ email, password: 'senha-123', emailVerified: true });
    const page = await freshPage();
    await signIn(page, email, 'senha-123');
    await expect.poll(visible(page, 'Acesso negado'), slow).toBe(true);
    expect(
      await page.getByText('Este usuário não tem permissões administrativas.').isVisible(),
    ).toBe(true);
    expect(path(page)).toBe('/admin/login');
    await expect.poll(() => persistedUser(page), slow).toBeNull();
    expect((await adminAuth().getUserByEmail(email)).customClaims?.admin).toBeUndefined();
    await expect
      .poll(() => page.getByRole('button', { name: 'Entrar' }).isEnabled(), slow)
      .toBe(true);
    await page.goto(`${suite.webUrl}/admin`);
    await expect.poll(() => path(page), slow).toBe('/admin/login');
  });

  test('a wrong password toasts Erro no login / Email ou senha incorretos.', async () => {
    const page = await freshPage();
    await signIn(page, listedAdmin.email, 'not-the-password');
    await expect.poll(visible(page, 'Erro no login'), slow).toBe(true);
    expect(await page.getByText('Email ou senha incorretos.').isVisible()).toBe(true);
    expect(path(page)).toBe('/admin/login');
    expect(await persistedUser(page)).toBeNull();
    await expect
      .poll(() => page.getByRole('button', { name: 'Entrar' }).isEnabled(), slow)
      .toBe(true);
  });

  test('an admin claim without an allow-list entry does not open the panel', async () => {
    const email = `ex-admin-${Date.now()}@example.com`;
    const user = await adminAuth().createUser({
      email,
      password: 'senha-123',
      emailVerified: true,
    });
    await adminAuth().setCustomUserClaims(user.uid, { admin: true });
    const page = await freshPage();
    await signIn(page, email, 'senha-123');
    // Not allow-listed, so linkAdminUser refuses (and drops the stray claim).
    await expect.poll(visible(page, 'Acesso negado'), slow).toBe(true);
    expect(
      await page.getByText('Este usuário não tem permissões administrativas.').isVisible(),
    ).toBe(true);
    await expect.poll(() => persistedUser(page), slow).toBeNull();
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({});
  });

  test('the panel check signs out a session without the admin claim', async () => {
    const email = `sessao-${Date.now()}@example.com`;
    const user = await adminAuth().createUser({
      email,
      password: 'senha-123',
      emailVerified: true,
    });
    // An admin session in the browser (grant of an existing account sets the claim) ...
    await grantAdmin(adminConnection(), email);
    const page = await freshPage();
    await signIn(page, email, 'senha-123');
    await expect.poll(() => path(page), slow).toBe('/admin');
    await expect
      .poll(() => page.getByRole('button', { name: 'Sair' }).isVisible(), slow)
      .toBe(true);

    // ... loses the claim; once its ID token expires the SDK fetches one without it.
    await adminAuth().setCustomUserClaims(user.uid, {});
    await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (!key.startsWith('firebase:authUser:')) continue;
        const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
        stored.stsTokenManager.expirationTime = 0;
        localStorage.setItem(key, JSON.stringify(stored));
      }
    });
    await page.reload();
    await expect.poll(visible(page, 'Acesso negado'), slow).toBe(true);
    expect(await page.getByText('Você não tem permissões administrativas.').isVisible()).toBe(true);
    await expect.poll(() => path(page), slow).toBe('/admin/login');
    await expect.poll(() => persistedUser(page), slow).toBeNull();
  });

  test('a session the token calls admin but the server refuses never sees a lead, and is signed out', async () => {
    // A lead on the first page: the panel, rendered on the token's claim, reads it beside the check.
    const nome = `Lead Reservado ${Date.now()}`;
    const lead = adminFirestore().collection('leads').doc();
    await lead.set({
      ...exampleApplication('root'),
      nome,
      status: 'novo',
      created_at: new Date(),
      deleted_at: null,
    });
    const page = await freshPage();
    await signIn(page, listedAdmin.email, listedAdmin.password);
    await expect.poll(() => row(page, nome).count(), slow).toBe(1);

    // From the next load on: record whether a lead row is ever on screen, and whether the lead
    // has reached the browser (the Listen channel's responses).
    await page.addInitScript((nome: string) => {
      const w = window as unknown as { __rowSeen: boolean; __leadArrived: boolean };
      w.__rowSeen = false;
      w.__leadArrived = false;
      new MutationObserver(() => {
        if (document.querySelector('tbody tr')) w.__rowSeen = true;
      }).observe(document, { childList: true, subtree: true });
      // The Listen channel answers over XHR or a streamed fetch: both are read as they arrive.
      const open = XMLHttpRequest.prototype.open;
      XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
        this.addEventListener('readystatechange', () => {
          const text = this.readyState >= 3 && this.responseType === '' ? this.responseText : '';
          if (text.includes(nome)) w.__leadArrived = true;
        });
        return (open as (...a: unknown[]) => void).apply(this, args);
      } as XMLHttpRequest['open'];
      const fetchBefore = window.fetch;
      window.fetch = async function (this: Window, ...args: Parameters<typeof fetch>) {
        const response = await fetchBefore.apply(this, args);
        const reader = response.clone().body?.getReader();
        const decoder = new TextDecoder();
        let text = '';
        void (async () => {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
            // Checked before trimming: a chunk longer than the kept tail holds the name too.
            text += decoder.decode(chunk.value, { stream: true });
            if (text.includes(nome)) w.__leadArrived = true;
            text = text.slice(-nome.length);
          }
        })().catch(() => undefined);
        return response;
      } as typeof fetch;
    }, nome);
    // The server's answer waits until the lead is in the browser, then says no.
    await page.route('**/isCurrentUserAdmin', async (route) => {
      await expect
        .poll(
          () =>
            page.evaluate(() => (window as unknown as { __leadArrived: boolean }).__leadArrived),
          slow,
        )
        .toBe(true);
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ result: false }),
      });
    });
    await page.reload();
    await expect.poll(visible(page, 'Acesso negado'), slow).toBe(true);
    expect(await page.getByText('Você não tem permissões administrativas.').isVisible()).toBe(true);
    await expect.poll(() => path(page), slow).toBe('/admin/login');
    await expect.poll(() => persistedUser(page), slow).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __rowSeen: boolean }).__rowSeen)).toBe(
      false,
    );
    await lead.delete();
  });

  test('Entrar turns into a disabled Entrando... while the server links the account', async () => {
    const page = await freshPage();
    // Hold the linkAdminUser call until the busy state has been seen (however slow the machine).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/linkAdminUser', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, listedAdmin.email, listedAdmin.password);
    const busy = page.getByRole('button', { name: 'Entrando...' });
    await expect.poll(() => busy.isVisible(), slow).toBe(true);
    expect(await busy.isDisabled()).toBe(true);
    release();
    await expect.poll(() => path(page), slow).toBe('/admin');
  });

  test('a failing linkAdminUser toasts Erro no login with the server message and signs out', async () => {
    const page = await freshPage();
    await page.route('**/linkAdminUser', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'Serviço indisponível' } }),
      }),
    );
    await signIn(page, listedAdmin.email, listedAdmin.password);
    await expect.poll(visible(page, 'Erro no login'), slow).toBe(true);
    expect(await page.getByText('Serviço indisponível').isVisible()).toBe(true);
    await expect.poll(() => persistedUser(page), slow).toBeNull();
    expect(path(page)).toBe('/admin/login');
  });

  test('a failing panel check is logged and signs out, without the access-denied toast', async () => {
    const page = await freshPage();
    await signIn(page, listedAdmin.email, listedAdmin.password);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sair' }).isVisible(), slow)
      .toBe(true);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/isCurrentUserAdmin', (route) => route.abort('connectionfailed'));
    await page.reload();
    await expect.poll(() => path(page), slow).toBe('/admin/login');
    await expect.poll(() => persistedUser(page), slow).toBeNull();
    await expect
      .poll(() => errors.some((text) => text.includes('Admin permission check failed')), slow)
      .toBe(true);
    expect(await page.getByText('Acesso negado').count()).toBe(0);
  });
});
