import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirestoreError } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import { useMemo, useState, type ReactNode } from 'react';
import { fakeLive, useFakeState } from '@/data/testing/fake-live-leads';
import type { Lead } from '@/domain/lead';
import { aLead } from '@/domain/testing/lead-samples';
import { LeadSourceContext, type LeadSource } from '@/features/leads/hooks/lead-source';
import { memoryList } from '@/features/leads/testing/memory-lead-source';
import { AdminConfirmed } from '@/features/admin';
import { AdminPanel as Panel } from './AdminPanelPage';

const session = vi.hoisted(() => ({ signOutAdmin: vi.fn<() => Promise<void>>() }));
const counts = vi.hoisted(() => ({
  countTrashedLeads: vi.fn<() => Promise<number>>(),
  countHeldLeads: vi.fn<() => Promise<number>>(),
}));
const sound = vi.hoisted(() => ({ playArrivalSound: vi.fn() }));
vi.mock('@/features/admin/api/admin-session', () => session);
vi.mock('@/features/leads/hooks/arrival-sound', () => sound);
const team = vi.hoisted(() => ({
  watchOwnEntry: vi.fn<(db: unknown, email: string, onGone: () => void) => () => void>(),
}));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));
vi.mock('@/lib/firebase/panel-user', () => ({
  useUser: () => ({ status: 'success', data: { uid: 'u1', email: 'Chefe@Vagas.test' } }),
}));
vi.mock('@/data/team-reads', () => team);
vi.mock('@/data/saved-views', () => ({
  useSavedViews: () => ({ status: 'success', data: [], error: null }),
}));
vi.mock(
  '@/data/use-live-leads',
  async () => (await import('@/data/testing/fake-live-leads')).fakeLiveLeadsModule,
);
// The shell's tests stand the other tabs in with stubs: their own tests cover them.
vi.mock('@/features/reports', () => ({ ReportsTab: () => <p>conteúdo de relatórios</p> }));
vi.mock('@/features/settings', () => ({ SettingsTab: () => <p>conteúdo de configurações</p> }));
// The reminders of next steps have tests of their own (features/today).
vi.mock('@/features/today/hooks/use-due-reminders', () => ({ useDueReminders: () => undefined }));
// The board and 'Para hoje' stand in with stubs showing what the panel gives them.
vi.mock('@/features/board', () => ({
  LeadBoard: ({ filterKey, filters }: { filterKey: string; filters: ReactNode }) => (
    <div>
      <p>quadro {filterKey}</p>
      {filters}
    </div>
  ),
}));
vi.mock('@/features/today', () => ({
  TodayView: ({ me }: { me: string | null }) => <p>para hoje de {me}</p>,
}));
vi.mock('@/features/vacancies', () => ({ VacanciesSettings: () => <p>vagas e localidades</p> }));
vi.mock('@/data/vacancies', async () => {
  const { filterJobs } = await import('@/domain/lead-query');
  return { useFilterJobs: () => filterJobs };
});
const queries = vi.hoisted(() => ({ since: vi.fn((_db: unknown, _since: Date) => 'active') }));
vi.mock('@/data/held-leads', () => ({
  countHeldLeads: counts.countHeldLeads,
  heldLeadsQuery: () => 'held',
  newestHeldQuery: () => 'held-newest',
  releaseLead: vi.fn(),
}));
// The trash and the held leads counted as a deployment without the functions' statistics counts
// them: the counts from `stats/leads` are the hooks' own tests (use-trash-count, use-held-count).
vi.mock('@/data/lead-stats', () => ({ usePanelCounts: () => ({ status: 'missing' }) }));
vi.mock('@/data/leads', () => ({
  activeLeadsSinceQuery: queries.since,
  trashedLeadsQuery: () => 'trash',
  countTrashedLeads: counts.countTrashedLeads,
}));

/**
 * The Leads tab's page, served from the fake's 'page' state (its rows, or its refusal): the
 * arrivals' listener is 'active'.
 */
const pageSource: LeadSource = {
  useList(request) {
    const state = useFakeState('page');
    return useMemo(() => {
      const list = memoryList(state.data, request);
      return { ...list, page: { ...list.page, status: state.status, error: state.error } };
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [state, request.key, request.page]);
  },
  fetch: async () => [],
};

/** The server's answer in the panel that the guard rendered on the token's claim (set by the test). */
let confirmAdmin: () => void = () => {};

function AdminPanel({ confirmed: confirmedAtFirst = true }: { confirmed?: boolean }) {
  const [confirmed, setConfirmed] = useState(confirmedAtFirst);
  confirmAdmin = () => setConfirmed(true);
  return (
    <AdminConfirmed.Provider value={confirmed}>
      <LeadSourceContext.Provider value={pageSource}>
        <Panel />
      </LeadSourceContext.Provider>
    </AdminConfirmed.Provider>
  );
}

/** A candidate of their own (a phone no other lead has) who applied at `created_at`. */
function lead(id: string, nome: string, created_at = new Date()): Lead {
  return aLead({ id, nome, whatsapp: `(79) 9000${id}-0000`, created_at });
}

/** `lead` with the screening's verdict: it stays in the list. */
const screened = (lead: Lead): Lead => ({ ...lead, screening: { score: 0 } });

beforeEach(() => {
  fakeLive.reset();
  fakeLive.emit('page', { data: [] });
  session.signOutAdmin.mockReset().mockResolvedValue(undefined);
  counts.countTrashedLeads.mockReset().mockResolvedValue(0);
  counts.countHeldLeads.mockReset().mockResolvedValue(0);
  document.title = 'Vagas';
  localStorage.clear();
  sound.playArrivalSound.mockReset();
  team.watchOwnEntry.mockReset().mockReturnValue(() => {});
});

describe('AdminPanel shell', () => {
  it('shows the header with the company name, Gestão de Vagas and Sair, and the four tabs', () => {
    renderAt('/admin', <AdminPanel />);
    expect(screen.getByRole('heading', { name: 'Painel Administrativo' })).toBeInTheDocument();
    expect(screen.getByText('8 Rural Chocadeiras')).toBeInTheDocument();
    expect(screen.getByText('Gestão de Vagas')).toBeInTheDocument();
    const [panelTabs] = screen.getAllByRole('tablist');
    expect(
      within(panelTabs!)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Leads',
      // Still counting: '…', never a 'Lixeira (0)' that is not true yet.
      'Lixeira (…)',
      'Relatórios',
      'Configurações',
    ]);
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  });

  it("switches the Leads tab's view, kept in the address, the filters shared by the list and the board", async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/admin', <AdminPanel />);
    const views = screen.getByRole('tablist', { name: 'Visualização dos leads' });
    expect(
      within(views)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Lista', 'Quadro', 'Para hoje']);
    expect(within(views).getByRole('tab', { name: 'Lista' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' }), 'ana');
    await user.click(within(views).getByRole('tab', { name: 'Quadro' }));
    // The search is the list's, in the address too: the board shows it.
    expect(router.state.location.search).toBe('?busca=ana&vista=quadro');
    expect(await screen.findByText(/^quadro .*"search":"ana"/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' })).toHaveValue(
      'ana',
    );
    // The arrow keys move along the views, as in the panel's tabs.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('para hoje de chefe@vagas.test')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?busca=ana&vista=hoje');
    await act(() => router.navigate(-1));
    expect(await screen.findByText(/^quadro /)).toBeInTheDocument();
    await user.click(within(views).getByRole('tab', { name: 'Lista' }));
    expect(router.state.location.search).toBe('?busca=ana');
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' })).toHaveValue(
      'ana',
    );
  });

  it('switches tabs', async () => {
    renderAt('/admin', <AdminPanel />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Relatórios' }));
    expect(screen.getByRole('tab', { name: 'Relatórios' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('conteúdo de relatórios')).toBeVisible();
    expect(screen.queryByText('Lista de Leads')).toBeNull();
  });

  it("keeps the open tab and the list's search and filters in the address", async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/admin', <AdminPanel />, '/admin?aba=relatorios&status=principal');
    const where = () => router.state.location.search;
    expect(screen.getByRole('tab', { name: 'Relatórios' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    expect(where()).toBe('?status=principal');
    const status = () => screen.getByLabelText<HTMLSelectElement>('Filtrar por status');
    expect(status().value).toBe('principal');

    await user.selectOptions(status(), 'separado');
    expect(where()).toBe('?status=separado');
    await act(() => router.navigate(-1));
    expect(where()).toBe('?status=principal');
    expect(status().value).toBe('principal');

    // Typing is one entry of the history, not one per key.
    const search = screen.getByRole('searchbox', { name: 'Buscar por nome ou WhatsApp' });
    await user.type(search, 'fátima');
    expect(where()).toBe('?busca=f%C3%A1tima&status=principal');
    expect(search).toHaveValue('fátima');
    await act(() => router.navigate(-1));
    expect(where()).toBe('?status=principal');
    expect(search).toHaveValue('');
    await act(() => router.navigate(1));
    expect(search).toHaveValue('fátima');
  });

  it('takes a page past the end back to the last one in place, adding no step to Back', async () => {
    const { router } = renderAt('/admin', <AdminPanel />, '/admin?status=novo&pagina=4');
    await waitFor(() => expect(router.state.location.search).toBe('?status=novo'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('Sair signs out, toasts Logout realizado and goes to the login page', async () => {
    renderAt('/admin', <AdminPanel />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Logout realizado')).toBeInTheDocument();
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
  });
});

describe('AdminPanel before the server has confirmed the admin', () => {
  it('shows the frame but no lead and no count until isCurrentUserAdmin says yes', async () => {
    counts.countTrashedLeads.mockResolvedValue(7);
    fakeLive.emit('page', { data: [lead('1', 'Ana Reservada')] });
    renderAt('/admin', <AdminPanel confirmed={false} />);
    act(() => fakeLive.emit('active', { data: [] }));
    // The data is read beside the check (the trash is counted once the list is there) ...
    await waitFor(() => expect(counts.countTrashedLeads).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    // ... but none of it is shown.
    expect(screen.getByRole('tab', { name: 'Lixeira (…)' })).toBeInTheDocument();
    expect(screen.queryByText('Ana Reservada')).toBeNull();
    expect(screen.getAllByLabelText('Carregando').length).toBeGreaterThan(0);
    act(() => confirmAdmin());
    expect(await screen.findByText('Ana Reservada')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Lixeira (7)' })).toBeInTheDocument();
  });
});

// Several Mantine interactions per test: a loaded 2-core machine needs more than the default 5 s.
describe('AdminPanel live data', () => {
  it("says 'Lixeira (…)' until the trash is counted, then the count in pt-BR", async () => {
    let answer: (n: number) => void = () => {};
    counts.countTrashedLeads.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/admin', <AdminPanel />);
    act(() => fakeLive.emit('active', { data: [] }));
    await waitFor(() => expect(counts.countTrashedLeads).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('tab', { name: 'Lixeira (…)' })).toBeInTheDocument();
    await act(async () => answer(2155));
    expect(await screen.findByRole('tab', { name: 'Lixeira (2.155)' })).toBeInTheDocument();
  });

  it('labels the Lixeira tab with the counted trash, re-counted when leads leave or return', async () => {
    counts.countTrashedLeads.mockResolvedValue(7);
    renderAt('/admin', <AdminPanel />);
    act(() => fakeLive.emit('active', { data: [] }));
    expect(await screen.findByRole('tab', { name: 'Lixeira (7)' })).toBeInTheDocument();
    // Counted once the list was there, not while it loaded.
    expect(counts.countTrashedLeads).toHaveBeenCalledTimes(1);
    counts.countTrashedLeads.mockResolvedValue(8);
    // Another panel trashed a lead: it left the active list.
    act(() => fakeLive.events('active').onRemoved?.(['1']));
    expect(await screen.findByRole('tab', { name: 'Lixeira (8)' })).toBeInTheDocument();
    counts.countTrashedLeads.mockResolvedValue(7);
    // ... and restored it (a lead created before the panel opened is no arrival).
    act(() =>
      fakeLive.events('active').onAdded?.([lead('1', 'Ana', new Date(Date.now() - 86_400_000))]),
    );
    expect(await screen.findByRole('tab', { name: 'Lixeira (7)' })).toBeInTheDocument();
  });

  it('keeps counting arrivals in the title while another tab is open, and marks them new', async () => {
    const user = userEvent.setup();
    renderAt('/admin', <AdminPanel />);
    const older = lead('1', 'Ana', new Date(Date.now() - 86_400_000));
    act(() => {
      fakeLive.emit('active', { data: [] });
      fakeLive.emit('page', { data: [older] });
    });
    await user.click(screen.getByRole('tab', { name: 'Relatórios' }));
    const arrival = lead('2', 'Bia');
    act(() => {
      fakeLive.emit('active', { data: [arrival] });
      fakeLive.emit('page', { data: [arrival, older] });
      fakeLive.events('active').onAdded?.([arrival]);
    });
    // Announced once the screening's verdict lets it stay, not before.
    expect(document.title).toBe('Vagas');
    const verdict = screened(arrival);
    act(() => {
      fakeLive.emit('active', { data: [verdict] });
      fakeLive.emit('page', { data: [verdict, older] });
      fakeLive.events('active').onModified?.([verdict]);
    });
    await waitFor(() => expect(document.title).toBe('(1) Vagas'));
    expect(sound.playArrivalSound).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    const row = (await screen.findByText('Bia')).closest('tr')!;
    expect(within(row).getByText('Recém-chegado')).toBeInTheDocument();
    // A restored lead (created before the panel opened) is no arrival.
    act(() => fakeLive.events('active').onAdded?.([older]));
    await user.click(screen.getByRole('button', { name: 'Marcar como vistos (1)' }));
    await waitFor(() => expect(document.title).toBe('Vagas'));
    expect(screen.queryByText('Recém-chegado')).toBeNull();
  });

  it('never announces an arrival set aside or merged into an earlier one; Suspeitos (N) shows then', async () => {
    localStorage.setItem('vagas:som-chegada', 'true');
    renderAt('/admin', <AdminPanel />);
    act(() => fakeLive.emit('active', { data: [] }));
    expect(screen.queryByText(/^Suspeitos/)).toBeNull();
    const again = lead('3', 'Caio');
    const bot = { ...lead('4', 'Robô'), status: 'suspeito' as const };
    counts.countHeldLeads.mockResolvedValue(1);
    act(() => fakeLive.events('active').onAdded?.([again, bot]));
    // The repeat leaves before any verdict (merged into the same candidate's earlier lead).
    act(() => fakeLive.events('active').onRemoved?.(['3']));
    act(() =>
      fakeLive.events('active').onModified?.([{ ...bot, screening: { score: 2, honeypot: true } }]),
    );
    expect(await screen.findByText('Suspeitos (1)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver suspeitos' })).toBeInTheDocument();
    const honest = screened(lead('5', 'Dora'));
    act(() => {
      fakeLive.emit('active', { data: [honest] });
      fakeLive.events('active').onAdded?.([honest]);
    });
    await waitFor(() => expect(document.title).toBe('(1) Vagas'));
    expect(sound.playArrivalSound).toHaveBeenCalledTimes(1);
  });

  it('toasts Erro ao carregar leads, and signs out when the listener is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin', <AdminPanel />);
    const refused = { code: 'permission-denied', message: 'denied' } as FirestoreError;
    act(() => {
      fakeLive.emit('active', { status: 'error', error: refused });
      fakeLive.events('active').onError?.(refused);
    });
    expect(await screen.findByText('Erro ao carregar leads')).toBeInTheDocument();
    expect(screen.getByText('Acesso negado')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
  });

  it('a refused page of the Leads tab toasts Erro ao carregar leads once (not again for the arrivals) and signs out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin', <AdminPanel />);
    const refused = { code: 'permission-denied', message: 'denied' } as FirestoreError;
    act(() => fakeLive.emit('page', { status: 'error', error: refused }));
    expect(await screen.findByText('Erro ao carregar leads')).toBeInTheDocument();
    act(() => fakeLive.events('active').onError?.(refused));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(screen.getAllByText('Erro ao carregar leads')).toHaveLength(1);
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when a colleague takes this admin off the team', async () => {
    renderAt('/admin', <AdminPanel />);
    act(() => fakeLive.emit('active', { data: [] }));
    expect(team.watchOwnEntry).toHaveBeenCalledWith(
      { fake: 'db' },
      'Chefe@Vagas.test',
      expect.any(Function),
    );
    expect(session.signOutAdmin).not.toHaveBeenCalled();
    const onGone = team.watchOwnEntry.mock.calls[0]![2];
    act(() => onGone());
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissões administrativas.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    // A second signal (the leads listener refused a moment later) does not sign out twice.
    act(() => onGone());
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
  });

  it('listens to the arrivals only (leads created since the panel opened), not to every lead', async () => {
    renderAt('/admin', <AdminPanel />);
    expect(fakeLive.mounted('active')).toBe(true);
    // Since a minute before the panel opened (slack for clocks).
    const gap = Date.now() - queries.since.mock.calls.at(-1)![1].getTime();
    expect(gap).toBeGreaterThanOrEqual(60_000);
    expect(gap).toBeLessThan(70_000);
    act(() => fakeLive.emit('page', { data: [lead('9', 'Primeira')] }));
    expect(await screen.findByText('Primeira')).toBeInTheDocument();
  });

  it('subscribes to the trash only while the Lixeira tab is open', async () => {
    const user = userEvent.setup();
    renderAt('/admin', <AdminPanel />);
    expect(fakeLive.mounted('trash')).toBe(false);
    await user.click(screen.getByRole('tab', { name: /^Lixeira/ }));
    // The tab's code is a lazy chunk: its listener starts once it has loaded.
    await waitFor(() => expect(fakeLive.mounted('trash')).toBe(true));
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    expect(fakeLive.mounted('trash')).toBe(false);
    expect(fakeLive.mounted('active')).toBe(true);
  });

  it('plays the arrival sound only when switched on, and remembers the choice', async () => {
    const user = userEvent.setup();
    const { unmount } = renderAt('/admin', <AdminPanel />);
    act(() => fakeLive.emit('active', { data: [] }));
    // Arrivals the screening let stay (their verdict came with them).
    const arrive = (id: string) =>
      act(() => fakeLive.events('active').onAdded?.([screened(lead(id, `Pessoa ${id}`))]));
    const toggle = () => screen.getByRole('switch', { name: 'Som ao chegar lead' });
    expect(toggle()).not.toBeChecked();
    arrive('1');
    expect(sound.playArrivalSound).not.toHaveBeenCalled();
    await user.click(toggle());
    expect(localStorage.getItem('vagas:som-chegada')).toBe('true');
    arrive('2');
    expect(sound.playArrivalSound).toHaveBeenCalledTimes(1);
    unmount();
    renderAt('/admin', <AdminPanel />);
    act(() => fakeLive.emit('active', { data: [] }));
    expect(toggle()).toBeChecked();
  });

  it('desktop notifications: asked when turned on, remembered, and a click opens the record', async () => {
    const raised: { title: string; onclick: (() => void) | null }[] = [];
    const browser = {
      permission: 'default' as NotificationPermission,
      answer: 'denied' as NotificationPermission,
    };
    class FakeNotification {
      static get permission() {
        return browser.permission;
      }
      static requestPermission = vi.fn(async () => {
        browser.permission = browser.answer;
        return browser.answer;
      });
      onclick: (() => void) | null = null;
      constructor(public title: string) {
        raised.push(this);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    vi.spyOn(window, 'focus').mockImplementation(() => {});
    try {
      const user = userEvent.setup();
      const { unmount } = renderAt('/admin', <AdminPanel />);
      act(() => fakeLive.emit('active', { data: [] }));
      const toggle = () => screen.getByRole('switch', { name: 'Notificação na área de trabalho' });

      // Refused by the browser: stays off, and says how to allow it.
      await user.click(toggle());
      expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
      expect(await screen.findByText(/O navegador bloqueou as notificações/)).toBeInTheDocument();
      expect(toggle()).not.toBeChecked();
      act(() => fakeLive.events('active').onAdded?.([lead('1', 'Ana')]));
      expect(raised).toEqual([]);
      unmount();

      // Allowed: on, and remembered in this browser.
      browser.permission = 'default';
      browser.answer = 'granted';
      renderAt('/admin', <AdminPanel />);
      act(() => fakeLive.emit('active', { data: [] }));
      await user.click(toggle());
      await waitFor(() => expect(toggle()).toBeChecked());
      expect(localStorage.getItem('vagas:notificacao-chegada')).toBe('true');
      act(() => fakeLive.events('active').onAdded?.([screened(lead('2', 'Bia'))]));
      expect(raised.map((n) => n.title)).toEqual(['Novo lead: Bia']);
      act(() => raised[0]!.onclick?.());
      expect(await screen.findByTestId('where')).toHaveTextContent('record /admin/leads/2');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
