import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirebaseError } from 'firebase/app';
import { useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import type { LiveList } from '@/data/live';
import type { TeamAuditRow, TeamMember } from '@/data/team-reads';
import { TeamSettings } from './TeamSettings';

const live = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state: { members: unknown; audit: unknown } = { members: null, audit: null };
  return {
    state,
    set(next: Partial<typeof state>) {
      Object.assign(state, next);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
const api = vi.hoisted(() => ({
  addColleague: vi.fn<(email: string) => Promise<{ email: string; invite: string }>>(),
  removeColleague: vi.fn<(email: string) => Promise<void>>(),
}));
vi.mock('@/data/team-reads', () => ({
  allowListKey: (email: string) => email.trim().toLowerCase(),
  useTeamMembers: () => useSyncExternalStore(live.subscribe, () => live.state.members),
  useTeamAudit: () => useSyncExternalStore(live.subscribe, () => live.state.audit),
}));
vi.mock('@/features/settings/api/team-callables', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/settings/api/team-callables')>()),
  ...api,
}));
const leads = vi.hoisted(() => ({
  countAssignedTo: vi.fn<(db: unknown, email: string) => Promise<number>>(),
  fetchAssignedIds: vi.fn<(db: unknown, email: string) => Promise<string[]>>(),
  assignLeads: vi.fn<(db: unknown, ids: string[], email: string | null) => Promise<number>>(),
}));
vi.mock('@/data/assigned-leads', () => ({
  countAssignedTo: leads.countAssignedTo,
  fetchAssignedIds: leads.fetchAssignedIds,
}));
vi.mock('@/data/lead-record-access', () => ({ assignLeads: leads.assignLeads }));
vi.mock('reactfire', () => ({
  useUser: () => ({ data: { email: 'Chefe@Vagas.test' } }),
  useFirestore: () => ({ fake: 'db' }),
}));
vi.mock('@/lib/firebase/auth', () => ({ auth: {} }));
vi.mock('@/lib/firebase/functions', () => ({ functions: {} }));

const members: TeamMember[] = [
  { email: 'chefe@vagas.test', since: new Date(2026, 0, 5, 9, 30), addedBy: null },
  { email: 'ana@vagas.test', since: new Date(2026, 1, 10, 14, 5), addedBy: 'chefe@vagas.test' },
];
const audit: TeamAuditRow[] = [
  {
    id: 'a2',
    action: 'added',
    email: 'ana@vagas.test',
    by: 'chefe@vagas.test',
    at: new Date(2026, 1, 10, 14, 5),
  },
  {
    id: 'a1',
    action: 'added',
    email: 'chefe@vagas.test',
    by: null,
    at: new Date(2026, 0, 5, 9, 30),
  },
];
const ok = <T,>(data: T[]): LiveList<T> => ({ status: 'success', data, error: null });

beforeEach(() => {
  live.set({ members: ok(members), audit: ok(audit) });
  api.addColleague.mockReset();
  api.removeColleague.mockReset();
  leads.countAssignedTo.mockReset().mockResolvedValue(0);
  leads.fetchAssignedIds.mockReset().mockResolvedValue([]);
  leads.assignLeads.mockReset().mockImplementation(async (_db, ids) => ids.length);
});

const field = () => screen.getByRole('textbox', { name: 'E-mail do colega' });
/** The table row whose E-mail cell is `email`. */
function rowOf(email: string): HTMLElement {
  const rows = within(screen.getByRole('table', { name: 'Administradores' })).getAllByRole('row');
  const row = rows.find((tr) => tr.querySelector('td')?.textContent?.startsWith(email));
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('Equipe', () => {
  it('lists the admins with since when and who added them, and the audit', () => {
    renderAt('/admin', <TeamSettings />);
    expect(screen.getByRole('heading', { name: 'Equipe' })).toBeInTheDocument();
    expect(within(rowOf('chefe@vagas.test')).getByText('05/01/2026 09:30')).toBeInTheDocument();
    expect(within(rowOf('chefe@vagas.test')).getByText('linha de comando')).toBeInTheDocument();
    expect(within(rowOf('chefe@vagas.test')).getByText('(você)')).toBeInTheDocument();
    expect(within(rowOf('ana@vagas.test')).getByText('chefe@vagas.test')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Histórico da equipe' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10/02/2026 14:05 chefe@vagas.test adicionou ana@vagas.test',
      '05/01/2026 09:30 linha de comando adicionou chefe@vagas.test',
    ]);
  });

  it('shows that the team is loading, and says so when it cannot be read', () => {
    live.set({ members: { status: 'loading', data: [], error: null } });
    renderAt('/admin', <TeamSettings />);
    expect(screen.getByLabelText('Carregando equipe')).toBeInTheDocument();
    act(() => live.set({ members: { status: 'error', data: [], error: new Error('denied') } }));
    expect(screen.getByText('Não foi possível carregar a equipe.')).toBeInTheDocument();
  });

  it('refuses an address that is not an email without calling the function', async () => {
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.type(field(), 'ana.vagas.test');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Informe um e-mail válido (ex.: nome@empresa.com.br).',
    );
    expect(api.addColleague).not.toHaveBeenCalled();
    expect(field()).toHaveValue('ana.vagas.test');
  });

  it("shows the function's refusal under the field and keeps what was typed", async () => {
    api.addColleague.mockRejectedValue(
      new FirebaseError('functions/already-exists', 'Este e-mail já faz parte da equipe.'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.type(field(), 'ana@vagas.test');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este e-mail já faz parte da equipe.',
    );
    expect(field()).toHaveValue('ana@vagas.test');
  });

  it('says "try again" for a failure that is not a refusal', async () => {
    api.addColleague.mockRejectedValue(new FirebaseError('functions/internal', 'INTERNAL'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.type(field(), 'bia@vagas.test');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tente novamente em alguns instantes.',
    );
  });

  it('adds a colleague: toast with the password e-mail, field emptied', async () => {
    api.addColleague.mockResolvedValue({ email: 'bia@vagas.test', invite: 'sent' });
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.type(field(), ' Bia@Vagas.test ');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Colega adicionado')).toBeInTheDocument();
    expect(
      screen.getByText('Enviamos a bia@vagas.test um e-mail para definir a senha de acesso.'),
    ).toBeInTheDocument();
    expect(api.addColleague).toHaveBeenCalledWith('Bia@Vagas.test');
    await waitFor(() => expect(field()).toHaveValue(''));
  });

  it('removes a colleague after a confirmation, and toasts a refusal with its message', async () => {
    api.removeColleague.mockResolvedValue();
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.click(screen.getByRole('button', { name: 'Remover ana@vagas.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover da equipe' });
    expect(dialog).toHaveTextContent('ana@vagas.test perde o acesso ao painel na hora');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Colega removido')).toBeInTheDocument();
    expect(api.removeColleague).toHaveBeenCalledWith('ana@vagas.test');

    api.removeColleague.mockRejectedValue(
      new FirebaseError(
        'functions/failed-precondition',
        'Não é possível remover o último administrador.',
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Remover chefe@vagas.test' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remover da equipe' })).getByRole('button', {
        name: 'Remover',
      }),
    );
    expect(await screen.findByText('Erro ao remover')).toBeInTheDocument();
    expect(screen.getByText('Não é possível remover o último administrador.')).toBeInTheDocument();
  });

  it("hands the colleague's leads to the admin chosen, then removes them; or leaves them with nobody", async () => {
    api.removeColleague.mockResolvedValue();
    leads.countAssignedTo.mockResolvedValue(2);
    leads.fetchAssignedIds.mockResolvedValueOnce(['l1', 'l2']).mockResolvedValueOnce([]);
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.click(screen.getByRole('button', { name: 'Remover ana@vagas.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover da equipe' });
    expect(
      await within(dialog).findByText('ana@vagas.test é responsável por 2 leads.'),
    ).toBeVisible();
    const handTo = within(dialog).getByRole('combobox', { name: 'Passar os leads para' });
    // The signed-in admin first; the colleague leaving is not offered.
    expect(handTo).toHaveValue('chefe@vagas.test');
    expect(
      within(handTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ninguém (sem responsável)', 'chefe@vagas.test']);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(
      await screen.findByText(
        'ana@vagas.test não acessa mais o painel. 2 leads passaram para chefe@vagas.test.',
      ),
    ).toBeInTheDocument();
    expect(leads.assignLeads).toHaveBeenCalledWith(
      { fake: 'db' },
      ['l1', 'l2'],
      'chefe@vagas.test',
    );
    // The leads first, then the removal.
    expect(leads.assignLeads.mock.invocationCallOrder[0]).toBeLessThan(
      api.removeColleague.mock.invocationCallOrder[0]!,
    );

    leads.countAssignedTo.mockResolvedValue(1);
    leads.fetchAssignedIds.mockResolvedValueOnce(['l3']).mockResolvedValueOnce([]);
    await user.click(screen.getByRole('button', { name: 'Remover ana@vagas.test' }));
    const again = await screen.findByRole('dialog', { name: 'Remover da equipe' });
    await within(again).findByText('ana@vagas.test é responsável por 1 lead.');
    await user.selectOptions(
      within(again).getByRole('combobox', { name: 'Passar os leads para' }),
      '',
    );
    await user.click(within(again).getByRole('button', { name: 'Remover' }));
    await waitFor(() =>
      expect(leads.assignLeads).toHaveBeenLastCalledWith({ fake: 'db' }, ['l3'], null),
    );
  });

  it('a hand-over that fails part-way keeps the colleague on the team and says how far it got', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { PartialBatchError } = await import('@/data/lead-actions');
    leads.countAssignedTo.mockResolvedValue(700);
    leads.fetchAssignedIds.mockResolvedValue(Array.from({ length: 700 }, (_, i) => `l${i}`));
    leads.assignLeads.mockRejectedValue(new PartialBatchError(500, 700, new Error('offline')));
    const user = userEvent.setup();
    renderAt('/admin', <TeamSettings />);
    await user.click(screen.getByRole('button', { name: 'Remover ana@vagas.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover da equipe' });
    await within(dialog).findByText('ana@vagas.test é responsável por 700 leads.');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(
      await screen.findByText(
        '500 de 700 leads foram passados adiante; ana@vagas.test continua na equipe. Tente de novo.',
      ),
    ).toBeInTheDocument();
    expect(api.removeColleague).not.toHaveBeenCalled();
  });
});
