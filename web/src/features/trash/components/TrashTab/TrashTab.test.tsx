import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirestoreError } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyRows, cellOf, columnNames } from '@/components/test-utils/table';
import type { Lead } from '@/domain/lead';
import { columnLabel, trashColumns } from '@/domain/lead-columns';
import { aLead } from '@/domain/testing/lead-samples';
import { TrashSourceContext, type TrashSource } from '@/features/trash/hooks/trash-source';
import {
  memoryTrashSource,
  type MemoryTrashOptions,
} from '@/features/trash/testing/memory-trash-source';
import { TrashTab } from './TrashTab';

const writes = vi.hoisted(() => ({
  restoreLead: vi.fn(),
  deleteLeadPermanently: vi.fn(),
  changeLeads: vi.fn(),
  deleteLeadsPermanently: vi.fn(),
}));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock('@/data/lead-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data/lead-actions')>()),
  ...writes,
}));

/** A lead classified 'separado', then trashed on 22/11/2026 at 14:`minute`. */
const trashed = (id: string, nome: string, minute: number): Lead =>
  aLead({ id, nome, status: 'separado', deleted_at: new Date(2026, 10, 22, 14, minute) });

function renderTab(
  leads: readonly Lead[] | TrashSource,
  props: Parameters<typeof TrashTab>[0] = {},
  options: MemoryTrashOptions = {},
) {
  const source = Array.isArray(leads) ? memoryTrashSource(leads, options) : (leads as TrashSource);
  return render(
    <MantineProvider env="test">
      <Notifications />
      <TrashSourceContext.Provider value={source}>
        <TrashTab {...props} />
      </TrashSourceContext.Provider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  writes.restoreLead.mockReset().mockResolvedValue(undefined);
  writes.deleteLeadPermanently.mockReset().mockResolvedValue(undefined);
  writes.changeLeads.mockReset().mockImplementation((_db, ids: string[]) => ids.length);
  writes.deleteLeadsPermanently.mockReset().mockImplementation((_db, ids: string[]) => ids.length);
});

// Several Mantine interactions per test: a loaded 2-core machine needs more than the default 5 s.
describe('TrashTab', () => {
  it('shows a loader, then Nenhum lead na lixeira when the trash is empty', async () => {
    const { unmount } = renderTab([], {}, { loading: true });
    expect(screen.getByLabelText('Carregando lixeira...')).toBeInTheDocument();
    unmount();
    renderTab([]);
    expect(await screen.findByText('Nenhum lead na lixeira')).toBeInTheDocument();
  });

  it('lists the trashed leads with the trash columns, newest deletion first', async () => {
    const beto = trashed('b', 'Beto', 30);
    renderTab([trashed('a', 'Ana', 5), beto]);
    await screen.findByRole('table');
    // The lead's trash columns (their labels: domain/lead.test.ts), then Ações.
    expect(columnNames()).toEqual(['', ...trashColumns.map(columnLabel), 'Ações']);
    const rows = bodyRows();
    expect(rows.map((row) => cellOf(row, 'Nome').textContent)).toEqual(['Beto', 'Ana']);
    expect(cellOf(rows[0]!, 'WhatsApp').textContent).toBe(beto.whatsapp);
    expect(cellOf(rows[0]!, 'Vaga').textContent).toBe(beto.vaga);
    expect(cellOf(rows[0]!, 'Cidade').textContent).toBe(beto.cidade);
    expect(cellOf(rows[0]!, 'Status').textContent).toBe('separado');
    expect(cellOf(rows[0]!, 'Data Exclusão').textContent).toBe('22/11/2026 14:30');
    expect(cellOf(rows[1]!, 'Data Exclusão').textContent).toBe('22/11/2026 14:05');
  });

  it('restores a lead: Lead restaurado, and the panel re-counts', async () => {
    const onChanged = vi.fn();
    renderTab([trashed('a', 'Ana', 5)], { onChanged });
    onChanged.mockClear();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Restaurar Ana' }));
    expect(writes.restoreLead).toHaveBeenCalledWith({ fake: 'db' }, 'a');
    expect(await screen.findByText('Lead restaurado')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
  });

  it('deletes permanently only after the confirmation', async () => {
    const user = userEvent.setup();
    renderTab([trashed('a', 'Ana', 5)]);
    await user.click(await screen.findByRole('button', { name: 'Deletar Ana permanentemente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletar permanentemente' });
    expect(writes.deleteLeadPermanently).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    expect(writes.deleteLeadPermanently).toHaveBeenCalledWith({ fake: 'db' }, 'a');
    expect(await screen.findByText('Lead deletado permanentemente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('toasts the failures: restore, delete, load (and a refused listener signs out)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onAccessLost = vi.fn();
    const user = userEvent.setup();
    renderTab([trashed('a', 'Ana', 5)], { onAccessLost });
    writes.restoreLead.mockRejectedValueOnce(new Error('x'));
    await user.click(await screen.findByRole('button', { name: 'Restaurar Ana' }));
    expect(await screen.findByText('Erro ao restaurar lead')).toBeInTheDocument();
    writes.deleteLeadPermanently.mockRejectedValueOnce(new Error('x'));
    await user.click(screen.getByRole('button', { name: 'Deletar Ana permanentemente' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deletar' }),
    );
    expect(await screen.findByText('Erro ao deletar permanentemente')).toBeInTheDocument();
    expect(onAccessLost).not.toHaveBeenCalled();
  });

  it('a refused listener: Erro ao carregar lixeira, the failure shown, and signing out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onAccessLost = vi.fn();
    const refused = { code: 'permission-denied' } as FirestoreError;
    renderTab([trashed('a', 'Ana', 5)], { onAccessLost }, { error: refused });
    expect(await screen.findByText('Erro ao carregar lixeira')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível carregar a lixeira.')).toBeInTheDocument();
    expect(onAccessLost).toHaveBeenCalledTimes(1);
  });

  it('searches the trash; Restaurar encontrados and Excluir encontrados take only what the search shows', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) => trashed(`x${i}`, `Xavier ${i}`, i % 60));
    renderTab([trashed('a', 'Ana', 5), ...many]);
    expect(await screen.findByRole('button', { name: 'Restaurar todos (31)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Esvaziar lixeira' })).toBeEnabled();
    await user.type(screen.getByRole('searchbox', { name: /Buscar na lixeira/ }), 'xavier');
    await user.click(await screen.findByRole('button', { name: 'Restaurar encontrados (30)' }));
    expect(writes.changeLeads).toHaveBeenCalledWith(
      { fake: 'db' },
      // Newest deletion first, as the server reads them.
      many.map((lead) => lead.id).reverse(),
      { restore: true },
      expect.any(Function),
    );
    expect(await screen.findByText('30 leads voltaram para a lista.')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: /Buscar na lixeira/ }));
    await user.type(screen.getByRole('searchbox', { name: /Buscar na lixeira/ }), 'ana');
    expect(bodyRows().map((row) => cellOf(row, 'Nome').textContent)).toEqual(['Ana']);
    await user.click(screen.getByRole('button', { name: 'Excluir encontrados (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esvaziar lixeira' });
    expect(dialog).toHaveTextContent('O lead encontrado pela busca será apagado para sempre.');
    expect(writes.deleteLeadsPermanently).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Apagar para sempre' }));
    expect(writes.deleteLeadsPermanently).toHaveBeenCalledWith(
      { fake: 'db' },
      ['a'],
      expect.any(Function),
    );
    expect(await screen.findByText('Lixeira esvaziada')).toBeInTheDocument();
  });

  it('shows 25 rows a page with the pager; a search finds a lead beyond the first page', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 30 }, (_, i) =>
      trashed(`p${i}`, i === 0 ? 'Zuleica Antiga' : `Pessoa ${i}`, i),
    );
    renderTab(all);
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('1–25 de 30')).toBeInTheDocument();
    expect(screen.queryByText('Zuleica Antiga')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(screen.getByText('26–30 de 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página 1' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    await user.type(screen.getByRole('searchbox', { name: /Buscar na lixeira/ }), 'zuleica');
    await waitFor(() =>
      expect(bodyRows().map((row) => cellOf(row, 'Nome').textContent)).toEqual(['Zuleica Antiga']),
    );
    expect(screen.getByRole('button', { name: 'Restaurar encontrados (1)' })).toBeEnabled();
    await user.clear(screen.getByRole('searchbox', { name: /Buscar na lixeira/ }));
    await user.type(screen.getByRole('searchbox', { name: /Buscar na lixeira/ }), 'ninguem');
    expect(
      await screen.findByText('Nenhum lead da lixeira corresponde à busca'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restaurar encontrados (0)' })).toBeDisabled();
  });

  it('Esvaziar lixeira asks about every trashed lead, and a failure part-way says how many went', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { PartialBatchError } = await import('@/data/lead-actions');
    writes.deleteLeadsPermanently.mockRejectedValueOnce(new PartialBatchError(500, 2005, 'x'));
    const user = userEvent.setup();
    const all = Array.from({ length: 2005 }, (_, i) => trashed(`t${i}`, `Lead ${i}`, i % 60));
    renderTab(all);
    await user.click(await screen.findByRole('button', { name: 'Esvaziar lixeira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esvaziar lixeira' });
    expect(dialog).toHaveTextContent('Todos os 2.005 leads da lixeira serão apagados para sempre.');
    await user.click(within(dialog).getByRole('button', { name: 'Apagar para sempre' }));
    expect(await screen.findByText('Erro ao esvaziar lixeira')).toBeInTheDocument();
    expect(screen.getByText('500 de 2.005 leads foram apagados.')).toBeInTheDocument();
  });

  it('lists the batches of bulk moves; a chosen one is shown alone, ticked whole, restored in part or at once', async () => {
    const batch = '2026-11-22T17:10:00.000Z-abc123';
    const older = '2026-11-20T10:00:00.000Z-zzz999';
    const inBatch = (lead: Lead, id: string): Lead => ({ ...lead, trash_batch: id });
    const user = userEvent.setup();
    renderTab([
      inBatch(trashed('a', 'Ana', 10), batch),
      inBatch(trashed('b', 'Beto', 10), batch),
      inBatch(trashed('c', 'Caio', 10), batch),
      inBatch(trashed('d', 'Dora', 2), older),
      trashed('e', 'Eva', 40),
    ]);
    const choice = await screen.findByRole('combobox', { name: 'Lote' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos', '22/11 14:10 (3)', '22/11 14:02 (1)']);
    await user.selectOptions(choice, batch);
    await waitFor(() =>
      expect(
        bodyRows()
          .map((row) => cellOf(row, 'Nome').textContent)
          .sort(),
      ).toEqual(['Ana', 'Beto', 'Caio']),
    );
    expect(screen.getByRole('searchbox', { name: /Buscar na lixeira/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Marcar o lote' }));
    for (const nome of ['Ana', 'Beto', 'Caio']) {
      expect(await screen.findByRole('checkbox', { name: `Selecionar ${nome}` })).toBeChecked();
    }
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Beto' }));
    await user.click(screen.getByRole('button', { name: 'Restaurar selecionados (2)' }));
    expect(writes.changeLeads).toHaveBeenLastCalledWith(
      { fake: 'db' },
      expect.arrayContaining(['a', 'c']),
      { restore: true },
      expect.any(Function),
    );
    expect(writes.changeLeads.mock.lastCall?.[1]).toHaveLength(2);
    expect(await screen.findByText('Leads restaurados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restaurar o lote de 22/11 14:10 (3)' }));
    await waitFor(() =>
      expect(writes.changeLeads).toHaveBeenLastCalledWith(
        { fake: 'db' },
        expect.arrayContaining(['a', 'b', 'c']),
        { restore: true },
        expect.any(Function),
      ),
    );
  });
});
