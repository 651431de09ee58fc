import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@/domain/lead';
import { aLead } from '@/domain/testing/lead-samples';
import { ClearDataButton } from './ClearDataButton';

const writes = vi.hoisted(() => ({ changeLeads: vi.fn() }));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock('@/data/lead-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data/lead-actions')>()),
  ...writes,
}));

const leadsOf = (n: number, from = 0): Lead[] =>
  Array.from({ length: n }, (_, i) => aLead({ id: `l${from + i}` }));

function ui(leads: Lead[]) {
  return (
    <MantineProvider env="test">
      <Notifications />
      <ClearDataButton count={leads.length} load={async () => leads} />
    </MantineProvider>
  );
}

beforeEach(() => writes.changeLeads.mockReset());

describe('Limpar Dados at volume', () => {
  it('keeps its question while leads arrive mid-run, writes pt-BR numbers, and Desfazer puts them back', async () => {
    const before = leadsOf(2005);
    let release: () => void = () => {};
    writes.changeLeads.mockImplementationOnce(
      async (_db, ids: string[], _change, progress: (d: number, t: number) => void) => {
        progress(1500, ids.length);
        await new Promise<void>((resolve) => (release = resolve));
        return ids.length;
      },
    );
    const user = userEvent.setup();
    const view = render(ui(before));
    await user.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limpar Dados' });
    expect(dialog).toHaveTextContent('Todos os 2.005 leads ativos serão movidos para a lixeira.');
    await user.click(within(dialog).getByRole('button', { name: 'Mover todos para lixeira' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Movendo 1.500 de 2.005 leads...',
    );

    // Five arrivals, and the list shrinking as the batches land: the question does not move.
    view.rerender(ui([...leadsOf(5, 9000), ...before.slice(1500)]));
    expect(dialog).toHaveTextContent('Todos os 2.005 leads ativos serão movidos para a lixeira.');
    await act(async () => release());
    expect(await screen.findByText('Dados limpos')).toBeInTheDocument();
    expect(screen.getByText('2.005 leads movidos para a lixeira.')).toBeInTheDocument();
    const moved = before.map((lead) => lead.id);
    expect(writes.changeLeads).toHaveBeenCalledWith(
      { fake: 'db' },
      moved,
      { trash: true },
      expect.any(Function),
    );

    writes.changeLeads.mockResolvedValueOnce(2005);
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('2.005 leads voltaram para a lista.')).toBeInTheDocument();
    expect(writes.changeLeads).toHaveBeenLastCalledWith({ fake: 'db' }, moved, {
      restore: true,
      undo: true,
    });
  });

  it('says how many came back when the undo fails part-way', async () => {
    const { PartialBatchError } = await import('@/data/lead-actions');
    writes.changeLeads.mockResolvedValueOnce(1200);
    writes.changeLeads.mockRejectedValueOnce(
      new PartialBatchError(500, 1200, new Error('offline')),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(ui(leadsOf(1200)));
    await user.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    await user.click(await screen.findByRole('button', { name: 'Mover todos para lixeira' }));
    await user.click(await screen.findByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('Erro ao restaurar lead')).toBeInTheDocument();
    expect(
      screen.getByText('500 de 1.200 leads voltaram para a lista; os demais continuam na lixeira.'),
    ).toBeInTheDocument();
  });
});
