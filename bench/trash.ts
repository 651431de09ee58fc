/**
 * The Lixeira at volume (after 'Limpar Dados' of 2,005 leads, getting them back once took 2,005
 * clicks, one per lead), in a fresh local suite (production build, Chromium, an admin signed in):
 * - Lixeira tab click -> first row, with `--trashed` leads in the trash (the tab listens to one page
 *   of 25, newest deletion first, not to the whole trash);
 * - a search typed -> 'Restaurar encontrados (N)' offered for the `--bulk` leads it finds (the
 *   search and N are answered by the server: a page query and a count aggregation);
 * - 'Restaurar encontrados' of them -> the 'Leads restaurados' toast, and how many firebase-admin
 *   then finds restored (the press reads the found ids, 1,000 a request, then writes in batches);
 * - 'Excluir encontrados' of another `--bulk` (after the confirmation) -> the 'Lixeira esvaziada'
 *   toast, and how many are gone.
 * Numbers only, never pass/fail.
 * Usage: node --import tsx bench/trash.ts [--trashed 20000] [--bulk 2005]
 */
import { deleteApp as deleteAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { chromium, type Browser, type Page } from 'playwright-core';
import { grantAdmin } from '../scripts/lib/admin-allowlist.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import type { LocalSuite } from '../scripts/lib/local-suite.mjs';
import { leadKeys } from '@vagas/common';
import { application } from './lib/leads.ts';
import { signInOnLoginPage } from './lib/panel-page.ts';
import { startPanelSuite } from './lib/panel-suite.ts';
import { report } from './lib/report.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const trashedCount = arg('trashed', 20_000);
const bulkCount = Math.min(arg('bulk', 2_005), Math.floor(trashedCount / 2));
const timeout = 600_000;
const started = Date.now();
const step = (what: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${what}\n`);
const pt = (n: number) => n.toLocaleString('pt-BR');

/** `trashedCount` trashed leads: the first `bulkCount` named 'Volta …', the next 'Some …'. */
async function seedTrash(db: Firestore): Promise<{ back: string[]; gone: string[] }> {
  const now = Date.now();
  const back: string[] = [];
  const gone: string[] = [];
  const batches: Promise<unknown>[] = [];
  for (let start = 0; start < trashedCount; start += 500) {
    const batch = db.batch();
    for (let i = start; i < Math.min(trashedCount, start + 500); i++) {
      const ref = db.collection('leads').doc(`trash-${String(i).padStart(6, '0')}`);
      const group = i < bulkCount ? 'Volta' : i < 2 * bulkCount ? 'Some' : 'Fica';
      if (group === 'Volta') back.push(ref.id);
      if (group === 'Some') gone.push(ref.id);
      const phone = String(10_000_000 + i).slice(-8);
      const nome = `${group} Candidata ${i}`;
      const whatsapp = `(79) 9${phone.slice(0, 4)}-${phone.slice(4)}`;
      batch.set(ref, {
        ...application('root', { nome, whatsapp }),
        ...leadKeys(nome, whatsapp),
        status: 'novo',
        created_at: Timestamp.fromMillis(now - 86_400_000 - i * 60_000),
        deleted_at: Timestamp.fromMillis(now - 3_600_000 - i * 1000),
      });
    }
    batches.push(batch.commit());
    if (batches.length === 4) await Promise.all(batches.splice(0));
  }
  await Promise.all(batches);
  return { back, gone };
}

async function signIn(browser: Browser, suite: LocalSuite, db: Firestore): Promise<Page> {
  const email = `bench-trash-${Date.now()}@vagas.test`;
  const auth = getAdminAuth();
  await auth.createUser({ email, password: 'senha-bench', emailVerified: true });
  const target = { projectId: suite.projectId, emulators: true };
  await grantAdmin({ db, auth, target, close: async () => {} }, email);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Bahia',
  });
  const page = await context.newPage();
  await signInOnLoginPage(page, suite.webUrl, { email, password: 'senha-bench' });
  await page.getByRole('group', { name: 'Total de Leads' }).waitFor({ timeout });
  return page;
}

/** How many of `ids` are stored with `deleted_at` null (restored), and how many exist at all. */
async function stored(db: Firestore, ids: string[]) {
  let restored = 0;
  let existing = 0;
  for (let start = 0; start < ids.length; start += 30) {
    const snap = await db
      .collection('leads')
      .where(FieldPath.documentId(), 'in', ids.slice(start, start + 30))
      .get();
    existing += snap.size;
    restored += snap.docs.filter((d) => d.get('deleted_at') === null).length;
  }
  return { restored, existing };
}

const timed = async (work: () => Promise<unknown>) => {
  const t0 = Date.now();
  await work();
  return Date.now() - t0;
};

async function run(page: Page, db: Firestore, seeded: { back: string[]; gone: string[] }) {
  const tab = page.getByRole('tab', { name: /^Lixeira/ });
  const firstRows = await timed(async () => {
    await tab.click();
    await page.locator('tbody tr').first().waitFor({ timeout });
  });
  const search = page.getByRole('searchbox', { name: 'Buscar na lixeira por nome ou WhatsApp' });
  const restoreButton = page.getByRole('button', {
    name: `Restaurar encontrados (${pt(bulkCount)})`,
  });
  const searchMs = await timed(async () => {
    await search.fill('volta');
    await restoreButton.waitFor({ timeout });
  });
  const restoreMs = await timed(async () => {
    await restoreButton.click();
    await page.getByText('Leads restaurados').waitFor({ timeout });
  });
  const afterRestore = await stored(db, seeded.back);
  await search.fill('some');
  const deleteButton = page.getByRole('button', { name: `Excluir encontrados (${pt(bulkCount)})` });
  await deleteButton.waitFor({ timeout });
  await deleteButton.click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Apagar para sempre' });
  const deleteMs = await timed(async () => {
    await confirm.click();
    await page.getByText('Lixeira esvaziada').waitFor({ timeout });
  });
  const afterDelete = await stored(db, seeded.gone);
  return {
    firstRows,
    searchMs,
    restoreMs,
    restored: afterRestore.restored,
    deleteMs,
    left: afterDelete.existing,
  };
}

function print(r: Awaited<ReturnType<typeof run>>) {
  console.log(`\nThe Lixeira with ${trashedCount} trashed leads (production build, Chromium):`);
  console.log(`  tab click -> first row                        ${r.firstRows} ms`);
  console.log(`  search typed -> 'Restaurar encontrados (${pt(bulkCount)})'  ${r.searchMs} ms`);
  console.log(
    `  restore ${bulkCount} -> toast                  ${r.restoreMs} ms; ${r.restored} restored`,
  );
  console.log(
    `  delete ${bulkCount} for good -> toast          ${r.deleteMs} ms; ${r.left} still stored`,
  );
  const row = (measure: string, value: number, unit: string, goal?: [op: '==', n: number]) =>
    report({
      section: 'trash',
      measure,
      value,
      unit,
      goal: goal && { op: goal[0], value: goal[1] },
    });
  row(`Lixeira tab -> first row (${trashedCount} trashed)`, r.firstRows, 'ms');
  row('search -> bulk restore offered', r.searchMs, 'ms');
  row(`restore ${bulkCount} in one click -> toast`, r.restoreMs, 'ms');
  row(`restore ${bulkCount}: leads restored`, r.restored, '', ['==', bulkCount]);
  row(`delete ${bulkCount} for good -> toast`, r.deleteMs, 'ms');
  row(`delete ${bulkCount}: leads still stored`, r.left, '', ['==', 0]);
}

step('starting the local suite (builds web/ and functions/)');
const { suite, adminApp, db } = await startPanelSuite();
let browser: Browser | undefined;
try {
  step(`seeding ${trashedCount} trashed leads`);
  const seeded = await seedTrash(db);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  step('signing in');
  const page = await signIn(browser, suite, db);
  step('Lixeira: open, search, restore, delete');
  print(await run(page, db, seeded));
  console.log(`(total run ${((Date.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await browser?.close();
  await deleteAdminApp(adminApp);
  await suite.stop();
}
