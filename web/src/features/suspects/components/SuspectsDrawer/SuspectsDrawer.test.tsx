import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/components/test-utils/render';
import { fakeLive } from '@/data/testing/fake-live-leads';
import { aLead } from '@/domain/testing/lead-samples';
import { SuspectsEntry } from '../SuspectsEntry/SuspectsEntry';

const writes = vi.hoisted(() => ({
  releaseLead: vi.fn<(db: unknown, id: string) => Promise<void>>(),
  changeLeads: vi.fn<(db: unknown, ids: readonly string[], change: object) => Promise<number>>(),
}));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock(
  '@/data/use-live-leads',
  async () => (await import('@/data/testing/fake-live-leads')).fakeLiveLeadsModule,
);
vi.mock('@/data/held-leads', () => ({
  heldLeadsQuery: () => 'held',
  releaseLead: writes.releaseLead,
}));
vi.mock('@/data/lead-actions', async (real) => ({
  ...(await real<typeof import('@/data/lead-actions')>()),
  changeLeads: writes.changeLeads,
}));

const bot = aLead({
  id: 'b1',
  nome: 'Robô Um',
  status: 'suspeito',
  screening: { score: 2, honeypot: true },
});
const hurried = aLead({
  id: 'b2',
  nome: 'Apressada',
  status: 'suspeito',
  screening: { score: 2, fast_fill: true, burst: true },
});

beforeEach(() => {
  fakeLive.reset();
  writes.releaseLead.mockReset().mockResolvedValue();
  writes.changeLeads.mockReset().mockImplementation(async (_db, ids) => ids.length);
});

async function openView(onChanged = vi.fn()) {
  const user = userEvent.setup();
  renderPage(<SuspectsEntry count={2} onChanged={onChanged} />);
  await user.click(screen.getByRole('button', { name: 'Ver suspeitos' }));
  act(() => fakeLive.emit('held', { data: [bot, hurried] }));
  const table = await screen.findByRole('table', { name: 'Suspeitos' });
  return { user, table, onChanged };
}

describe('Suspeitos', () => {
  it('shows nothing while no lead is held', () => {
    renderPage(<SuspectsEntry count={0} onChanged={vi.fn()} />);
    expect(screen.queryByText(/^Suspeitos/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver suspeitos' })).toBeNull();
  });

  it('lists the held leads with the reasons they were set aside', async () => {
    const { table } = await openView();
    expect(screen.getByText('Suspeitos (2)')).toBeInTheDocument();
    const row = within(table).getByText('Robô Um').closest('tr')!;
    expect(within(row).getByText('campo oculto preenchido')).toBeInTheDocument();
    const other = within(table).getByText('Apressada').closest('tr')!;
    expect(
      within(other).getByText('preenchida em menos de 3 s, rajada da mesma campanha'),
    ).toBeInTheDocument();
  });

  it('one click releases a lead, and the panel counts again', async () => {
    const { user, onChanged } = await openView();
    await user.click(screen.getByRole('button', { name: 'Liberar Robô Um' }));
    await waitFor(() => expect(writes.releaseLead).toHaveBeenCalledWith({ fake: 'db' }, 'b1'));
    expect(await screen.findByText('Lead liberado')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('ticked ones go to the trash with one click', async () => {
    const { user } = await openView();
    const trash = () => screen.getByRole('button', { name: /^Mover selecionados para a lixeira/ });
    expect(trash()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos os mostrados' }));
    expect(trash()).toHaveTextContent('Mover selecionados para a lixeira (2)');
    await user.click(trash());
    await waitFor(() =>
      expect(writes.changeLeads).toHaveBeenCalledWith({ fake: 'db' }, ['b1', 'b2'], {
        trash: true,
      }),
    );
    expect(await screen.findByText('Leads movidos para a lixeira')).toBeInTheDocument();
    // A lead released by a colleague meanwhile leaves the list and the selection.
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Robô Um' }));
    act(() => fakeLive.emit('held', { data: [hurried] }));
    expect(trash()).toHaveTextContent('(0)');
  });
});
