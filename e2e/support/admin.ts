/** Admin sessions for the panel's browser tests: an allow-listed admin of the file's own, signed in. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { grantAdmin } from '../../scripts/lib/admin-allowlist.mjs';
import appConfig from '../../web/src/config/app-config.json';
import { routes } from '../../web/src/config/routes';
import { adminAuth, adminFirestore, browserStepTimeout, newContext, useLocalSuite } from './suite';

/** Polling for what goes through the Functions emulator (its first call per function boots a worker). */
export const slow = { timeout: browserStepTimeout, interval: 100 };

export interface AdminAccount {
  email: string;
  password: string;
}

/** Creates and allow-lists an admin whose email starts with `label` (unique per call). */
export async function createAdmin(label: string): Promise<AdminAccount> {
  const suite = useLocalSuite();
  const account = {
    email: `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@vagas.test`,
    password: 'senha-admin-e2e',
  };
  await adminAuth().createUser({ ...account, emailVerified: true });
  await grantAdmin(
    {
      db: adminFirestore(),
      auth: adminAuth(),
      target: { projectId: suite.projectId, emulators: true },
      close: async () => {},
    },
    account.email,
  );
  return account;
}

/** Boots the Functions emulator's workers for the admin callables, so tests time the app, not the boot. */
export async function warmAdminFunctions(): Promise<void> {
  const suite = useLocalSuite();
  await Promise.all(
    ['linkAdminUser', 'isCurrentUserAdmin'].map((name) =>
      fetch(
        `http://${suite.functionsHost}/${suite.projectId}/${appConfig.functionsRegion}/${name}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: null }),
        },
      ),
    ),
  );
}

/** Signs `account` in on a fresh page of `context` and waits until the panel shows 'Sair'. */
export async function openPanel(context: BrowserContext, account: AdminAccount): Promise<Page> {
  const suite = useLocalSuite();
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[browser] ${message.text()}`);
  });
  await page.goto(`${suite.webUrl}${routes.adminLogin}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: slow.timeout });
  return page;
}

/** A new browser profile (no session) with the pt-BR locale and the given viewport. */
export function newAdminContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  return newContext(browser, { viewport, locale: 'pt-BR', timezoneId: 'America/Bahia' });
}
