/** A panel test file's harness: its admin, Chromium, the contexts it opened and the leads it seeded, released after the file. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  createAdmin,
  newAdminContext,
  openPanel,
  warmAdminFunctions,
  type AdminAccount,
} from './admin';
import { removeLeads, seedLeads, type SeedLead } from './leads';
import { closeAdmin, launchChromium, newContext } from './suite';

export function usePanelHarness(label: string) {
  let browser: Browser;
  let admin: AdminAccount;
  const contexts: BrowserContext[] = [];
  const seeded: string[] = [];

  beforeAll(async () => {
    [admin] = await Promise.all([createAdmin(label), warmAdminFunctions()]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await removeLeads(seeded);
    await closeAdmin();
  });

  return {
    /** A signed-in panel in a profile of its own, once the Leads tab shows. */
    async panel(
      options: { viewport?: { width: number; height: number }; account?: AdminAccount } = {},
    ): Promise<Page> {
      const context = await newAdminContext(browser, options.viewport);
      contexts.push(context);
      const page = await openPanel(context, options.account ?? admin);
      await page.getByRole('group', { name: 'Total de Leads' }).waitFor();
      return page;
    },
    /** A page of a browser profile of its own, signed out, laid out as the panel's. */
    async signedOut(): Promise<Page> {
      const context = await newAdminContext(browser);
      contexts.push(context);
      return context.newPage();
    },
    /** The file's admin (the one `panel()` signs in by default). */
    account(): AdminAccount {
      return admin;
    },
    /** A browser profile without a session (a candidate on the public pages). */
    async visitor(options: BrowserContextOptions): Promise<BrowserContext> {
      const context = await newContext(browser, options);
      contexts.push(context);
      return context;
    },
    /** Seeds leads that are removed after the file. */
    async seed(...leads: SeedLead[]): Promise<string[]> {
      const ids = await seedLeads(leads);
      seeded.push(...ids);
      return ids;
    },
    /** Leads written some other way (the public page) that are removed after the file. */
    track(ids: string[]): void {
      seeded.push(...ids);
    },
  };
}
