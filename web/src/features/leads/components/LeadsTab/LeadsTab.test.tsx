import { MantineProvider } from '@mantine/core';
import type { FirestoreError } from 'firebase/firestore';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyRows, cellOf, columnNames, rowWith } from '@/components/test-utils/table';
import type { Lead } from '@/domain/lead';
import type { SavedView } from '@/domain/saved-view';
import { columnLabel, listColumns } from '@/domain/lead-columns';
import { filterJobs, jobsToFilter } from '@/domain/lead-query';
import { aLead } from '@/domain/testing/lead-samples';
import { LeadSourceContext, type LeadSource } from '@/features/leads/hooks/lead-source';
import type { ActiveLeads } from '@/features/leads/hooks/use-active-leads';
import { memoryLeadSource } from '@/features/leads/testing/memory-lead-source';
import { LeadsTab } from './LeadsTab';

const writes = vi.hoisted(() => ({
  setLeadStatus: vi.fn(),
  moveLeadToTrash: vi.fn(),
  restoreLead: vi.fn(),
  changeLeads: vi.fn(),
}));
const record = vi.hoisted(() => ({
  undoTrash: vi.fn(),
  assignLeads: vi.fn(),
  recordContact: vi.fn(),
}));
vi.mock('reactfire', () => ({
  useFirestore: () => ({ fake: 'db' }),
  useUser: () => ({ data: { uid: 'u1', email: 'eu@vagas.test' } }),
}));
const views = vi.hoisted(() => ({
  list: [] as SavedView[],
  saveView: vi.fn(),
  deleteView: vi.fn(),
}));
vi.mock('@/data/saved-views', () => ({
  useSavedViews: () => ({ status: 'success', data: views.list, error: null }),
  saveView: views.saveView,
  deleteView: views.deleteView,
}));
// The vacancy lists' jobs: a job added in Configurações (and its leads) can be filtered by.
vi.mock('@/data/vacancies', async () => {
  const { jobsToFilter } = await import('@/domain/lead-query');
  const jobs = jobsToFilter(['[Conecta] Monitor de Qualidade']);
  return { useFilterJobs: () => jobs };
});
vi.mock('@/data/lead-record-access', () => record);
vi.mock('@/data/assignees', () => ({
  useAssignableAdmins: () => ['eu@vagas.test', 'colega@vagas.test'],
}));
vi.mock('@/data/message-templates', () => ({
  useMessageTemplates: () => ({
    status: 'success',
    error: null,
    data: [{ id: 't1', name: 'Primeiro contato', text: 'Olá {primeiro_nome}, vaga {vaga}!' }],
  }),
}));
vi.mock('@/data/lead-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data/lead-actions')>()),
  ...writes,
}));

/** Lead `id`: its phone ends in 000{id}, it came on 23/11/2026 at 10:0{id}. */
function lead(id: string, overrides: Partial<Lead> = {}): Lead {
  return aLead({
    id,
    whatsapp: `(79) 90000-000${id}`,
    created_at: new Date(2026, 10, 23, 10, Number(id)),
    ...overrides,
  });
}

// Érica applied for another job than the others; Carla gave Érica's phone.
const leads = [
  lead('3', { nome: 'Érica Conceição', status: 'principal', vaga: 'Aux Serraria' }),
  lead('2', { nome: 'Bruno', status: 'separado', idade: 30, tempo_experiencia: '1 a 2 anos' }),
  lead('1', { nome: 'Carla', status: 'descartado', whatsapp: '(79) 90000-0003' }),
];

function live(overrides: Partial<ActiveLeads> = {}): ActiveLeads {
  return {
    status: 'success',
    data: [],
    error: null,
    trashEpoch: 0,
    heldEpoch: 0,
    epoch: 0,
    changed: vi.fn(),
    showing: vi.fn(),
    failed: vi.fn(),
    unseen: new Set(),
    markSeen: vi.fn(),
    sound: false,
    setSound: vi.fn(),
    notifications: { on: false, access: 'default', asking: false, setOn: vi.fn() },
    ...overrides,
  };
}

/** The tab over `list` as the server would serve it (the same clauses, in memory). */
function renderTab(
  state: ActiveLeads = live(),
  me: string | null = null,
  list: Lead[] = leads,
  options: Parameters<typeof memoryLeadSource>[1] = {},
) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter>
        <LeadSourceContext.Provider value={memoryLeadSource(list, options)}>
          <LeadsTab live={state} me={me} />
        </LeadSourceContext.Provider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The names in the list, top to bottom (the Nome cell also holds the arrival/duplicate marks). */
const rowNames = () => bodyRows().map((row) => cellOf(row, 'Nome').querySelector('a')?.textContent);

beforeEach(() => {
  views.list = [];
  views.saveView.mockReset().mockResolvedValue(undefined);
  views.deleteView.mockReset().mockResolvedValue(undefined);
  Object.values(writes).forEach((fn) => fn.mockReset().mockResolvedValue(undefined));
  Object.values(record).forEach((fn) => fn.mockReset().mockResolvedValue(undefined));
});

// Many Mantine interactions per test: a loaded 2-core machine needs more than the default 5 s.
describe('LeadsTab', () => {
  it('shows the counters and the list with the list columns, a dash for missing values', () => {
    renderTab();
    expect(screen.getByRole('group', { name: 'Total de Leads' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Principais' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Separados' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Descartados' })).toHaveTextContent('1');
    expect(screen.getByRole('heading', { name: 'Lista de Leads' })).toBeInTheDocument();
    // The select-all box, the lead's listed columns (their labels: domain/lead.test.ts), Ações.
    expect(columnNames()).toEqual(['', ...listColumns.map(columnLabel), 'Ações']);
    expect(rowNames()).toEqual(['Érica Conceição', 'Bruno', 'Carla']);
    const erica = rowWith('Érica Conceição');
    expect(cellOf(erica, 'WhatsApp').textContent).toBe('(79) 90000-0003');
    expect(cellOf(erica, 'Vaga').textContent).toBe('Aux Serraria');
    expect(cellOf(erica, 'Cidade').textContent).toBe(leads[0]!.cidade);
    expect(cellOf(erica, 'Idade').textContent).toBe('-');
    expect(cellOf(erica, 'Experiência').textContent).toBe('-');
    expect(cellOf(erica, 'Status').textContent).toBe('principal');
    expect(cellOf(erica, 'Data').textContent).toBe('23/11/2026 10:03');
    const bruno = rowWith('Bruno');
    expect(cellOf(bruno, 'Idade').textContent).toBe('30');
    expect(cellOf(bruno, 'Experiência').textContent).toBe('1 a 2 anos');
    expect(screen.getByRole('button', { name: 'Abrir WhatsApp de Bruno' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
    // Each name opens the lead's record (a link: mouse, keyboard, or shared).
    expect(screen.getByRole('link', { name: 'Bruno' })).toHaveAttribute('href', '/admin/leads/2');
  });

  it('shows a loader while loading and an empty text when nothing matches', async () => {
    const { unmount } = renderTab(live(), null, leads, { loading: true });
    expect(screen.getByLabelText('Carregando leads...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar Dados' })).toBeDisabled();
    unmount();
    renderTab(live(), null, []);
    expect(screen.getByText('Nenhum lead encontrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar Dados' })).toBeDisabled();
  });

  it("says when the list cannot be loaded, in Mantine's red alert", async () => {
    const error = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    }) as FirestoreError;
    const failing: LeadSource = {
      ...memoryLeadSource([]),
      useList: () => ({
        page: { status: 'error', rows: [], error, full: false },
        counts: null,
        listed: null,
        qualified: null,
        duplicates: new Set(),
      }),
    };
    const state = live();
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <LeadSourceContext.Provider value={failing}>
            <LeadsTab live={state} />
          </LeadSourceContext.Provider>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar os leads.');
    // The alert's own code comes with the failure, not with the list.
    await waitFor(() =>
      expect(
        screen.getByText('Não foi possível carregar os leads.').closest('.mantine-Alert-root'),
      ).not.toBeNull(),
    );
    expect(state.failed).toHaveBeenCalledWith(error);
  });

  it('shows the rows while the counters are still counting, with exports and Limpar Dados off', () => {
    renderTab(live(), null, leads, { counting: true });
    expect(rowNames()).toEqual(['Érica Conceição', 'Bruno', 'Carla']);
    expect(screen.getByRole('group', { name: 'Total de Leads' })).toHaveTextContent('…');
    expect(screen.getByRole('button', { name: 'Exportar Qualificados' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Limpar Dados' })).toBeDisabled();
  });

  it('filters by status, job and accent-insensitive search from the start of a word', async () => {
    const user = userEvent.setup();
    renderTab();
    const statusFilter = screen.getByRole('combobox', { name: 'Filtrar por status' });
    expect(
      within(statusFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Novo', 'Principal', 'Separado', 'Descartado']);
    await user.selectOptions(statusFilter, 'Separado');
    await waitFor(() => expect(rowNames()).toEqual(['Bruno']));
    await user.selectOptions(statusFilter, 'Todos');
    const jobFilter = screen.getByRole('combobox', { name: 'Filtrar por vaga' });
    expect(
      within(jobFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', ...jobsToFilter(['[Conecta] Monitor de Qualidade'])]);
    expect(filterJobs).not.toContain('[Conecta] Monitor de Qualidade');
    await user.selectOptions(jobFilter, leads[1]!.vaga);
    await waitFor(() => expect(rowNames()).toEqual(['Bruno', 'Carla']));
    await user.click(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' }));
    await user.paste('carla');
    await waitFor(() => expect(rowNames()).toEqual(['Carla']));
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' }));
    await user.selectOptions(jobFilter, 'Todas');
    await user.click(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' }));
    await user.paste('erica conceicao');
    await waitFor(() => expect(rowNames()).toEqual(['Érica Conceição']));
    // Word-prefix search (docs/product.md): 'conc' finds her, 'rica' (mid-word) does not.
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' }));
    await user.paste('conc');
    await waitFor(() => expect(rowNames()).toEqual(['Érica Conceição']));
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' }));
    await user.paste('rica');
    expect(await screen.findByText('Nenhum lead encontrado')).toBeInTheDocument();
  });

  it('pages on, and goes back to the last page when leads leave from under it', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      lead(String(i + 1), { nome: `Lead ${i + 1}`, created_at: new Date(2026, 10, 1, 0, i) }),
    );
    const user = userEvent.setup();
    const view = renderTab(live(), null, many);
    expect(bodyRows()).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']),
    );
    // Ten leads trashed in another panel: page 2 no longer exists.
    view.rerender(
      <MantineProvider env="test">
        <Notifications />
        <MemoryRouter>
          <LeadSourceContext.Provider value={memoryLeadSource(many.slice(10))}>
            <LeadsTab live={live()} me={null} />
          </LeadSourceContext.Provider>
        </MemoryRouter>
      </MantineProvider>,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(rowNames()[0]).toBe('Lead 30');
  });

  it("sorts by 'Data': oldest first, then newest first again", async () => {
    const user = userEvent.setup();
    renderTab();
    expect(screen.getByRole('columnheader', { name: 'Data' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Data' }));
    await waitFor(() => expect(rowNames()).toEqual(['Carla', 'Bruno', 'Érica Conceição']));
    expect(screen.getByRole('columnheader', { name: 'Data' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Data' }));
    await waitFor(() => expect(rowNames()).toEqual(['Érica Conceição', 'Bruno', 'Carla']));
  });

  it("sorts by 'Nome' in pt-BR order (A–Z, then Z–A), with aria-sort on the sorted column", async () => {
    const user = userEvent.setup();
    // By code point (the server's string order) these would come Ana, Zélia, bruno, Érica.
    const named = ['Zélia', 'Érica', 'bruno', 'Ana'].map((nome, i) =>
      lead(String(i + 1), { nome }),
    );
    renderTab(live(), null, named);
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ana', 'bruno', 'Érica', 'Zélia']));
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'Data' })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    await waitFor(() => expect(rowNames()).toEqual(['Zélia', 'Érica', 'bruno', 'Ana']));
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Cidade' }));
    expect(screen.getByRole('columnheader', { name: 'Cidade' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'Nome' })).not.toHaveAttribute('aria-sort');
    // WhatsApp is not sorted on the server: a plain header.
    expect(screen.queryByRole('button', { name: 'WhatsApp' })).toBeNull();
  });

  it('marks duplicate phones and unseen arrivals, and marks them seen', async () => {
    const state = live({ unseen: new Set(['2']) });
    renderTab(state);
    const nome = (name: string) => within(cellOf(rowWith(name), 'Nome'));
    expect(nome('Érica Conceição').getByText('duplicado')).toBeInTheDocument();
    expect(nome('Carla').getByText('duplicado')).toBeInTheDocument();
    expect(nome('Bruno').queryByText('duplicado')).toBeNull();
    expect(nome('Bruno').getByText('Recém-chegado')).toBeInTheDocument();
    expect(nome('Carla').queryByText('Recém-chegado')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Marcar como vistos (1)' }));
    expect(state.markSeen).toHaveBeenCalledWith();
  });

  it('changes a status: Status atualizado, or Erro ao atualizar status', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Status de Bruno' }),
      'principal',
    );
    expect(writes.setLeadStatus).toHaveBeenCalledWith({ fake: 'db' }, '2', 'principal');
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    writes.setLeadStatus.mockRejectedValueOnce(new Error('denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status de Carla' }), 'novo');
    expect(await screen.findByText('Erro ao atualizar status')).toBeInTheDocument();
  });

  it('moves a lead to the trash with Desfazer, which restores it', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Mover Carla para lixeira' }));
    expect(writes.moveLeadToTrash).toHaveBeenCalledWith({ fake: 'db' }, '1');
    expect(await screen.findByText('Lead movido para lixeira')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    // Restored with the 'Desfazer' mark, so its timeline says so.
    expect(record.undoTrash).toHaveBeenCalledWith({ fake: 'db' }, '1');
    expect(await screen.findByText('Lead restaurado')).toBeInTheDocument();
  });

  it('toasts Erro ao mover lead when the trash write fails', async () => {
    writes.moveLeadToTrash.mockRejectedValueOnce(new Error('denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTab();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mover Bruno para lixeira' }));
    expect(await screen.findByText('Erro ao mover lead')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mover Bruno para lixeira' })).toBeEnabled();
  });

  it('a ticked lead that leaves the list (trashed in another panel) is unticked; the bulk bar follows', async () => {
    const user = userEvent.setup();
    const view = renderTab();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Carla' }));
    expect(await screen.findByText('2 selecionados')).toBeInTheDocument();
    const trashed = leads.map((l) => (l.id === '2' ? { ...l, deleted_at: new Date() } : l));
    view.rerender(
      <MantineProvider env="test">
        <Notifications />
        <MemoryRouter>
          <LeadSourceContext.Provider value={memoryLeadSource(trashed)}>
            <LeadsTab live={live()} me={null} />
          </LeadSourceContext.Provider>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByText('1 selecionado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mover selecionados para lixeira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover para a lixeira' });
    expect(dialog).toHaveTextContent('O lead selecionado será movido para a lixeira.');
    await user.click(within(dialog).getByRole('button', { name: 'Mover para lixeira' }));
    expect(writes.changeLeads).toHaveBeenLastCalledWith({ fake: 'db' }, ['1'], { trash: true });
  });

  it('changes the status of the selected leads at once', async () => {
    writes.changeLeads.mockResolvedValue(2);
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Carla' }));
    expect(await screen.findByText('2 selecionados')).toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Novo status dos selecionados' }),
      'separado',
    );
    await user.click(screen.getByRole('button', { name: 'Alterar status' }));
    expect(writes.changeLeads).toHaveBeenCalledWith({ fake: 'db' }, ['2', '1'], {
      status: 'separado',
    });
    expect(await screen.findByText('2 leads atualizados.')).toBeInTheDocument();
    expect(screen.queryByText('2 selecionados')).toBeNull();
  });

  it('moves the selected leads to the trash only once confirmed, then offers Desfazer for all of them', async () => {
    writes.changeLeads.mockImplementation(async (_db, ids: string[]) => ids.length);
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    await user.click(
      await screen.findByRole('button', { name: 'Mover selecionados para lixeira' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mover para a lixeira' });
    expect(dialog).toHaveTextContent('Os 3 leads selecionados serão movidos para a lixeira.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(writes.changeLeads).not.toHaveBeenCalled();
    expect(screen.getByText('3 selecionados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mover selecionados para lixeira' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mover para a lixeira' })).getByRole(
        'button',
        { name: 'Mover para lixeira' },
      ),
    );
    expect(writes.changeLeads).toHaveBeenLastCalledWith({ fake: 'db' }, ['3', '2', '1'], {
      trash: true,
    });
    expect(await screen.findByText('Leads movidos para a lixeira')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(writes.changeLeads).toHaveBeenLastCalledWith({ fake: 'db' }, ['3', '2', '1'], {
      restore: true,
      undo: true,
    });
    expect(await screen.findByText('3 leads voltaram para a lista.')).toBeInTheDocument();
  });

  it('assigns the selected leads to an admin at once', async () => {
    record.assignLeads.mockResolvedValue(2);
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Bruno' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Carla' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Responsável dos selecionados' }),
      'colega@vagas.test',
    );
    await user.click(screen.getByRole('button', { name: 'Atribuir' }));
    expect(record.assignLeads).toHaveBeenCalledWith(
      { fake: 'db' },
      ['2', '1'],
      'colega@vagas.test',
    );
    expect(await screen.findByText('2 leads atribuídos.')).toBeInTheDocument();
  });

  it("filters 'Meus leads' and 'Não contatados', and shows when each lead was last contacted", async () => {
    const user = userEvent.setup();
    const followed = [
      lead('3', { nome: 'Minha', assigned_to: 'eu@vagas.test' }),
      lead('2', {
        nome: 'Minha Contatada',
        assigned_to: 'eu@vagas.test',
        last_contacted_at: new Date(2026, 10, 24, 8, 30),
      }),
      lead('1', { nome: 'Da Colega', assigned_to: 'colega@vagas.test' }),
    ];
    renderTab(live(), 'eu@vagas.test', followed);
    expect(cellOf(rowWith('Minha Contatada'), 'Último contato').textContent).toBe(
      '24/11/2026 08:30',
    );
    expect(cellOf(rowWith('Minha'), 'Último contato').textContent).toBe('-');
    await user.click(screen.getByRole('switch', { name: 'Meus leads' }));
    await waitFor(() => expect(rowNames()).toEqual(['Minha', 'Minha Contatada']));
    await user.click(screen.getByRole('switch', { name: 'Não contatados' }));
    await waitFor(() => expect(rowNames()).toEqual(['Minha']));
    await user.click(screen.getByRole('switch', { name: 'Meus leads' }));
    await waitFor(() => expect(rowNames()).toEqual(['Minha', 'Da Colega']));
  });

  it("offers 'Sem mensagem' and the templates, as the record does, then to record the contact", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Abrir WhatsApp de Bruno' }));
    expect(await screen.findByRole('menuitem', { name: 'Sem mensagem' })).toHaveAttribute(
      'href',
      'https://wa.me/5579900000002',
    );
    const link = screen.getByRole('menuitem', { name: 'Primeiro contato' });
    expect(link).toHaveAttribute(
      'href',
      `https://wa.me/5579900000002?text=${encodeURIComponent(`Olá Bruno, vaga ${leads[1]!.vaga}!`)}`,
    );
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(await screen.findByText('WhatsApp de Bruno aberto')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar contato' }));
    expect(record.recordContact).toHaveBeenCalledWith({ fake: 'db' }, '2');
    expect(await screen.findByText('Contato registrado')).toBeInTheDocument();
  });
});

describe('Visões salvas', () => {
  const saved = (id: string, name: string, params: Record<string, string>): SavedView => ({
    id,
    name,
    params,
    createdBy: 'colega@vagas.test',
  });

  it("names the list as it is for the team, shows a colleague's view when chosen, and deletes it", async () => {
    const user = userEvent.setup();
    views.list = [
      saved('v1', 'Separados', { status: 'separado' }),
      saved('v2', 'Serradores por nome', { vaga: 'Aux Serraria', ordem: 'nome-asc' }),
    ];
    renderTab();
    const select = () => screen.getByLabelText<HTMLSelectElement>('Visões salvas');
    expect([...select().options].map((option) => option.text)).toEqual([
      'Escolha uma visão',
      'Separados',
      'Serradores por nome',
    ]);
    await user.selectOptions(select(), 'Serradores por nome');
    await waitFor(() => expect(rowNames()).toEqual(['Érica Conceição']));
    expect(screen.getByLabelText<HTMLSelectElement>('Filtrar por vaga').value).toBe('Aux Serraria');
    expect(select().value).toBe('v2');

    // The list as it is now, named: its filters and order, not its page.
    await user.selectOptions(screen.getByLabelText('Filtrar por status'), 'principal');
    expect(select().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Salvar visão' }));
    await user.type(await screen.findByLabelText('Nome da visão'), '  Principais serradores ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(views.saveView).toHaveBeenCalledWith(
      { fake: 'db' },
      {
        name: 'Principais serradores',
        params: { status: 'principal', vaga: 'Aux Serraria', ordem: 'nome-asc' },
      },
      { uid: 'u1', email: 'eu@vagas.test' },
    );
    expect(await screen.findByText('Visão salva')).toBeInTheDocument();

    await user.selectOptions(select(), 'Separados');
    await user.click(screen.getByRole('button', { name: 'Excluir visão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir visão' });
    expect(dialog).toHaveTextContent(
      "A visão 'Separados' (salva por colega@vagas.test) será excluída para toda a equipe.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir visão' }));
    expect(views.deleteView).toHaveBeenCalledWith({ fake: 'db' }, 'v1');
    expect(await screen.findByText('Visão excluída')).toBeInTheDocument();
  });
});

describe('Limpar Dados', () => {
  it('asks with the count, moves every active lead and toasts Dados limpos', async () => {
    writes.changeLeads.mockImplementation(async (_db, ids: string[], _change, progress) => {
      progress?.(ids.length, ids.length);
      return ids.length;
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limpar Dados' });
    expect(dialog).toHaveTextContent('Todos os 3 leads ativos serão movidos para a lixeira.');
    await user.click(within(dialog).getByRole('button', { name: 'Mover todos para lixeira' }));
    expect(writes.changeLeads).toHaveBeenCalledWith(
      { fake: 'db' },
      ['3', '2', '1'],
      { trash: true },
      expect.any(Function),
    );
    expect(await screen.findByText('Dados limpos')).toBeInTheDocument();
    expect(screen.getByText('3 leads movidos para a lixeira.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says how many were moved when it fails part-way', async () => {
    const { PartialBatchError } = await import('@/data/lead-actions');
    writes.changeLeads.mockRejectedValue(new PartialBatchError(2, 3, new Error('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    await user.click(await screen.findByRole('button', { name: 'Mover todos para lixeira' }));
    expect(await screen.findByText('Erro ao limpar dados')).toBeInTheDocument();
    expect(screen.getByText(/2 de 3 leads foram movidos para a lixeira/)).toBeInTheDocument();
  });

  it('Cancelar closes the dialog without writing', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.changeLeads).not.toHaveBeenCalled();
  });
});

describe('Exportar Qualificados', () => {
  it('downloads leads_qualificados.csv of the principal leads and toasts Exportação concluída', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderTab();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar Qualificados' }));
    expect(await screen.findByText('Exportação concluída')).toBeInTheDocument();
    expect(clicked).toEqual(['leads_qualificados.csv']);
    const text = new TextDecoder().decode(await blobs[0]!.arrayBuffer());
    expect(text.split('\r\n')[1]).toMatch(/^Érica Conceição;/);
    expect(text.split('\r\n')).toHaveLength(3);
  });
});
