// Configurações → Equipe → Remover with two admins, in Chromium: the dialog says how many leads the
// colleague is responsible for and offers to hand them to someone else (or to nobody); the leads
// follow, and each lead's timeline records the change by the admin who made it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import { storedLead, toast, uniqueTag } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminFirestore } from './support/suite';

const harness = usePanelHarness('repasse-harness');
let boss: AdminAccount;

beforeAll(async () => {
  boss = await createAdmin('repasse');
});

const team = (page: Page) => page.getByRole('region', { name: 'Equipe' });

async function openTeam(): Promise<Page> {
  const page = await harness.panel({ account: boss });
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await team(page).getByRole('table', { name: 'Administradores' }).waitFor();
  return page;
}

/** The lead's 'assigned' entries from `from`, as the timeline function wrote them. */
async function assignedEntries(id: string, from: string) {
  const snap = await adminFirestore().collection(`leads/${id}/timeline`).get();
  return snap.docs
    .map((doc) => doc.data())
    .filter((entry) => entry.kind === 'assigned' && entry.from === from)
    .map((entry) => ({ from: entry.from, to: entry.to, by: entry.actor_email }));
}

async function removeWith(page: Page, colleague: string, handTo: string | null, leads: number) {
  const row = team(page).getByRole('row').filter({ hasText: colleague });
  await row.getByRole('button', { name: `Remover ${colleague}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover da equipe' });
  await dialog
    .getByText(`${colleague} é responsável por ${leads} ${leads === 1 ? 'lead' : 'leads'}.`, {
      exact: false,
    })
    .waitFor({ timeout: slow.timeout });
  await dialog.getByLabel('Passar os leads para').selectOption(handTo ?? '');
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expect.poll(toast(page, 'Colega removido'), slow).toBe(true);
  await row.waitFor({ state: 'detached' });
}

describe('Equipe → Remover', () => {
  test("hands the colleague's leads to another admin; the timeline says who did it", async () => {
    const colleague = await createAdmin('repasse-colega');
    const tag = uniqueTag('Repasse');
    const ids = await harness.seed(
      { nome: `${tag} Um` },
      { nome: `${tag} Dois` },
      { nome: `${tag} Meu` },
    );
    const db = adminFirestore();
    await Promise.all([
      db.doc(`leads/${ids[0]}`).update({ assigned_to: colleague.email }),
      db.doc(`leads/${ids[1]}`).update({ assigned_to: colleague.email, deleted_at: new Date() }),
      db.doc(`leads/${ids[2]}`).update({ assigned_to: boss.email }),
    ]);
    const page = await openTeam();
    await removeWith(page, colleague.email, boss.email, 2);

    await expect
      .poll(
        async () => (await Promise.all(ids.map(storedLead))).map((lead) => lead?.assigned_to),
        slow,
      )
      .toEqual([boss.email, boss.email, boss.email]);
    for (const id of ids.slice(0, 2)) {
      await expect
        .poll(() => assignedEntries(id!, colleague.email), slow)
        .toEqual([{ from: colleague.email, to: boss.email, by: boss.email }]);
    }
    expect((await db.doc(`admins/${colleague.email}`).get()).exists).toBe(false);
  });

  test('or leaves them with nobody', async () => {
    const colleague = await createAdmin('repasse-outra');
    const tag = uniqueTag('Ninguem');
    const [id] = await harness.seed({ nome: `${tag} Um` });
    await adminFirestore().doc(`leads/${id}`).update({ assigned_to: colleague.email });
    const page = await openTeam();
    await removeWith(page, colleague.email, null, 1);
    await expect.poll(async () => (await storedLead(id!))?.assigned_to, slow).toBeNull();
    await expect
      .poll(() => assignedEntries(id!, colleague.email), slow)
      .toEqual([{ from: colleague.email, to: null, by: boss.email }]);
  });
});
