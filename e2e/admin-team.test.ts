// Configurações → Equipe in Chromium against the local suite: an admin adds a colleague by email
// (the addAdmin function, the password e-mail through the Auth emulator), the colleague sets a
// password and signs in to the panel; the admin removes them (removeAdmin) and the colleague's open
// panel signs out at once. The audit rows show on the same screen; axe on the section.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../web/src/config/routes';
import { createAdmin, slow, type AdminAccount } from './support/admin';
import { seriousAxeViolationsIn } from './support/leads';
import { usePanelHarness } from './support/panel-harness';
import { adminAuth, adminFirestore, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
const harness = usePanelHarness('equipe-harness');
let boss: AdminAccount;

beforeAll(async () => {
  boss = await createAdmin('equipe');
});

const teamSection = (page: Page) => page.getByRole('region', { name: 'Equipe' });

async function openTeam(page: Page) {
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await teamSection(page).getByRole('table', { name: 'Administradores' }).waitFor();
}

/** What the colleague does with the e-mail: the Auth emulator's outbox, then a new password. */
async function setPasswordFromEmail(email: string, password: string): Promise<void> {
  const outbox = `http://${suite.authHost}/emulator/v1/projects/${suite.projectId}/oobCodes`;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { oobCodes } = (await (await fetch(outbox)).json()) as {
        oobCodes: { email: string; oobCode: string; requestType: string }[];
      };
      code = oobCodes.find((c) => c.email === email && c.requestType === 'PASSWORD_RESET')?.oobCode;
      return code !== undefined;
    }, slow)
    .toBe(true);
  const reset = await fetch(
    `http://${suite.authHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=k`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: code, newPassword: password }),
    },
  );
  expect(reset.status).toBe(200);
}

describe('Equipe', () => {
  test('add a colleague who then signs in; remove them and their open panel signs out', async () => {
    const colleague = `colega-${Date.now()}@vagas.test`;
    const page = await harness.panel({ account: boss });
    await openTeam(page);
    const team = teamSection(page);
    expect(
      await seriousAxeViolationsIn(page, ['section[aria-labelledby="team-settings-title"]']),
    ).toEqual([]);

    // A refusal is said under the field: the admin is already on the team.
    await team.getByRole('textbox', { name: 'E-mail do colega' }).fill(boss.email.toUpperCase());
    await team.getByRole('button', { name: 'Adicionar' }).click();
    await team.getByText('Este e-mail já faz parte da equipe.').waitFor();

    await team.getByRole('textbox', { name: 'E-mail do colega' }).fill(colleague);
    await team.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Colega adicionado').waitFor();
    const row = team.getByRole('row').filter({ hasText: colleague });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(boss.email);
    const history = team.getByRole('list', { name: 'Histórico da equipe' });
    await history.getByText(`${boss.email} adicionou ${colleague}`).waitFor();
    expect((await adminFirestore().doc(`admins/${colleague}`).get()).get('added_by')).toBe(
      boss.email,
    );

    // The colleague sets a password from the e-mail and opens the panel as admins do.
    await setPasswordFromEmail(colleague, 'senha-da-colega');
    const theirs = await harness.panel({
      account: { email: colleague, password: 'senha-da-colega' },
    });
    expect(new URL(theirs.url()).pathname).toBe(routes.admin);

    // Removed: the audit says so, and the colleague's open panel signs out at once.
    await row.getByRole('button', { name: `Remover ${colleague}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover da equipe' });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Colega removido').waitFor();
    await history.getByText(`${boss.email} removeu ${colleague}`).waitFor();
    await row.waitFor({ state: 'detached' });

    await theirs.getByText('Você não tem permissões administrativas.').waitFor();
    await expect.poll(() => new URL(theirs.url()).pathname, slow).toBe(routes.adminLogin);
    expect((await adminAuth().getUserByEmail(colleague)).customClaims?.admin).toBeUndefined();
  });
});
