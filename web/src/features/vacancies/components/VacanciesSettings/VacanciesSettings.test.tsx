import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import type { JobCounts } from '@/data/vacancies';
import { newVacancy, seedVacancies, type Vacancy } from '@/domain/vacancies';
import { VacanciesSettings } from './VacanciesSettings';

const live = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state: { vacancies: unknown } = { vacancies: { status: 'loading' } };
  return {
    state,
    set(vacancies: unknown) {
      state.vacancies = vacancies;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
const api = vi.hoisted(() => ({
  addVacancy: vi.fn<(db: unknown, vacancy: object) => Promise<void>>(),
  setVacancyOpen: vi.fn<(db: unknown, id: string, open: boolean) => Promise<void>>(),
  orderVacancies: vi.fn<(db: unknown, list: { id: string }[]) => Promise<void>>(),
  createSeedVacancies: vi.fn<(db: unknown) => Promise<void>>(),
  countJobLeads: vi.fn<(db: unknown, vaga: string, now: number) => Promise<JobCounts>>(),
}));
vi.mock('@/data/vacancies', () => ({
  ...api,
  useVacancies: () => useSyncExternalStore(live.subscribe, () => live.state.vacancies),
}));
// `stats/leads` as the panel's listener gives it: missing (count every job) unless a test sets it.
const stats = vi.hoisted(() => ({ state: { status: 'missing' } as unknown }));
vi.mock('@/data/lead-stats', () => ({ usePanelCounts: () => stats.state }));
const counters = vi.hoisted(() => ({
  readLastWeekByJob: vi.fn<() => Promise<ReadonlyMap<string, number>>>(),
  countJobActive:
    vi.fn<(db: unknown, vaga: string) => Promise<{ active: number; principal: number }>>(),
}));
vi.mock('@/data/job-counts', async (original) => ({
  ...(await original<typeof import('@/data/job-counts')>()),
  ...counters,
}));
const db = vi.hoisted(() => ({ name: 'db' }));
vi.mock('reactfire', () => ({ useFirestore: () => db }));

const seed = (): Vacancy[] => seedVacancies().map((v) => ({ ...v, closedAt: null }));
const loaded = (data: Vacancy[]) => ({ status: 'success', data, error: null });

/** The list 'Vagas · {page}'. */
const list = (kind: 'Vagas' | 'Localidades', page: string) =>
  screen.getByRole('list', { name: `${kind} · ${page}` });
const rootPage = 'Página principal (/)';
const callCenterPage = 'Página do call center (/conecta)';

beforeEach(() => {
  stats.state = { status: 'missing' };
  for (const fn of Object.values(api)) fn.mockReset();
  counters.readLastWeekByJob.mockReset();
  counters.countJobActive.mockReset();
  api.countJobLeads.mockImplementation((_db, vaga) =>
    Promise.resolve({ active: vaga.length, principal: 1, lastWeek: 2 }),
  );
  for (const fn of [
    api.addVacancy,
    api.setVacancyOpen,
    api.orderVacancies,
    api.createSeedVacancies,
  ]) {
    fn.mockResolvedValue();
  }
  live.set({ status: 'loading', data: undefined, error: null });
});

describe("Configurações → 'Vagas e localidades'", () => {
  it('says it is loading, then lists each page’s jobs and localities with each job’s counts', async () => {
    renderAt('/admin', <VacanciesSettings />);
    expect(await screen.findByLabelText('Carregando vagas')).toBeInTheDocument();
    const vacancies = seed();
    vacancies[0].open = false;
    act(() => live.set(loaded(vacancies)));
    const rootJobs = list('Vagas', rootPage);
    const items = within(rootJobs).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Aux|^Sem/).textContent)).toEqual([
      'Aux Eletricista',
      'Aux Serraria',
      'Aux Metalúgica',
      'Sem Experiencia',
    ]);
    expect(within(items[0]).getByText('Fechada')).toBeInTheDocument();
    expect(within(items[1]).getByText('Aberta')).toBeInTheDocument();
    expect(
      within(items[0]).getByRole('button', { name: 'Reabrir vaga Aux Eletricista' }),
    ).toBeInTheDocument();
    // 'Aux Serraria' is 12 characters: the fake counts it so.
    await waitFor(() => expect(within(items[1]).getByText('12')).toBeInTheDocument());
    expect(api.countJobLeads).toHaveBeenCalledWith(
      { name: 'db' },
      'Aux Eletricista',
      expect.any(Number),
    );
    expect(api.countJobLeads).toHaveBeenCalledTimes(4 + 5);
    const towns = within(list('Localidades', callCenterPage)).getAllByRole('listitem');
    expect(towns).toHaveLength(11);
    expect(within(towns[0]).getByText('Centro')).toBeInTheDocument();
    expect(within(towns[0]).getByText('Aracaju')).toBeInTheDocument();
    // Localities have no counts.
    expect(within(towns[0]).queryByText('Ativos')).toBeNull();
  });

  it('closes and reopens a vacancy, and toasts it', async () => {
    const user = userEvent.setup({ delay: null });
    const vacancies = seed();
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded(vacancies)));
    await user.click(screen.getByRole('button', { name: 'Fechar vaga Operador de Call Center' }));
    expect(api.setVacancyOpen).toHaveBeenCalledWith(
      { name: 'db' },
      'callCenter~job~[Conecta] Operador de Call Center',
      false,
    );
    expect(await screen.findByText('Vaga fechada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar localidade Joazeiro' }));
    expect(await screen.findByText('Localidade fechada')).toBeInTheDocument();
    api.setVacancyOpen.mockRejectedValueOnce(new Error('permission-denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Fechar localidade Salgadália' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
  });

  it('moves a vacancy down its list: the two places swap', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded(seed())));
    expect(screen.getByRole('button', { name: 'Mover Aux Eletricista para cima' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mover Aux Eletricista para baixo' }));
    const [, order] = api.orderVacancies.mock.calls[0];
    expect(order.map((v) => v.id)).toEqual([
      'root~job~Aux Serraria',
      'root~job~Aux Eletricista',
      'root~job~Aux Metalúgica',
      'root~job~Sem Experiencia',
    ]);
  });

  it('adds a job at the end of its list, saying what the leads will store', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded(seed())));
    const section = screen.getByRole('region', { name: callCenterPage });
    const label = within(section).getByLabelText('Nova vaga');
    const button = within(section).getByRole('button', { name: 'Adicionar vaga' });
    expect(button).toBeDisabled();
    await user.type(label, 'Operador de Call Center');
    expect(within(section).getByText(/Já está na lista/)).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.clear(label);
    await user.type(label, 'Monitor de Qualidade');
    expect(
      within(section).getByText('As candidaturas guardam: [Conecta] Monitor de Qualidade'),
    ).toBeInTheDocument();
    await user.click(button);
    expect(api.addVacancy).toHaveBeenCalledWith(
      { name: 'db' },
      newVacancy('callCenter', 'job', 'Monitor de Qualidade', null, 5),
    );
    expect(await screen.findByText('Vaga adicionada')).toBeInTheDocument();
    await waitFor(() => expect(label).toHaveValue(''));
  });

  it('adds a locality under a group of its list', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded(seed())));
    const section = screen.getByRole('region', { name: callCenterPage });
    await user.type(within(section).getByLabelText('Nova localidade'), 'Bugio');
    await user.type(
      within(section)
        .getAllByLabelText('Grupo (opcional)')
        .filter((el) => el.tagName === 'INPUT')[0],
      'Aracaju',
    );
    expect(
      within(section).getByText('As candidaturas guardam: Aracaju - Bugio'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Adicionar localidade' }));
    expect(api.addVacancy).toHaveBeenCalledWith(
      { name: 'db' },
      newVacancy('callCenter', 'locality', 'Bugio', 'Aracaju', 11),
    );
  });

  it('with no vacancy at all, offers to create the initial lists', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded([])));
    await user.click(screen.getByRole('button', { name: 'Criar as listas iniciais' }));
    expect(api.createSeedVacancies).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Listas criadas')).toBeInTheDocument();
  });

  it('says when the lists or the counts cannot be read', async () => {
    api.countJobLeads.mockRejectedValue(new Error('unavailable'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded(seed())));
    expect(await screen.findByText('Não foi possível contar as candidaturas.')).toBeInTheDocument();
    act(() =>
      live.set({ status: 'error', data: undefined, error: new Error('permission-denied') }),
    );
    expect(
      await screen.findByText('Não foi possível carregar as vagas e localidades.'),
    ).toBeInTheDocument();
  });

  it("takes each job's counts from the functions' counters, counting only a job they lack", async () => {
    const byStatus = (principal: number, others: number) => ({
      novo: others,
      principal,
      separado: 0,
      descartado: 0,
      suspeito: 1,
    });
    // Every seeded job but 'Aux Eletricista' in the map; 'Aux Serraria': 3 + 5 + 1 held active.
    const jobs = seed()
      .filter((v) => v.kind === 'job' && v.value !== 'Aux Eletricista')
      .map((v) => [v.value, byStatus(0, 0)] as const);
    stats.state = {
      status: 'present',
      counts: { byJob: new Map([...jobs, ['Aux Serraria', byStatus(3, 5)]]) },
    };
    counters.readLastWeekByJob.mockResolvedValue(new Map([['Aux Serraria', 6]]));
    counters.countJobActive.mockResolvedValue({ active: 40, principal: 20 });
    renderAt('/admin', <VacanciesSettings />);
    act(() => live.set(loaded(seed())));
    const items = within(list('Vagas', rootPage)).getAllByRole('listitem');
    const figures = (item: HTMLElement) =>
      within(item)
        .getAllByRole('definition')
        .map((dd) => dd.textContent);
    await waitFor(() => expect(figures(items[1])).toEqual(['9', '3', '6']));
    expect(figures(items[0])).toEqual(['40', '20', '0']);
    expect(counters.countJobActive).toHaveBeenCalledTimes(1);
    expect(counters.countJobActive).toHaveBeenCalledWith({ name: 'db' }, 'Aux Eletricista');
    expect(counters.readLastWeekByJob).toHaveBeenCalledTimes(1);
    expect(api.countJobLeads).not.toHaveBeenCalled();
  });
});
