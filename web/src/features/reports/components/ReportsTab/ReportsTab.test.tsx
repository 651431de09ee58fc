import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import { statsDayKey, statsDayStart } from '@vagas/common';
import { shiftDay, type Period, type Report } from '@/features/reports/model/report';
import { ReportsTab } from './ReportsTab';

const api = vi.hoisted(() => ({
  loadReport: vi.fn<(db: unknown, period: Period) => Promise<Report>>(),
}));
vi.mock('@/features/reports/api/report-queries', () => api);
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'db' }) }));

const zeroRows = (labels: string[]) => labels.map((label) => ({ label, value: 0 }));

function report(overrides: Partial<Report> = {}): Report {
  return {
    total: 7,
    perDay: [
      { label: '01/03', value: 4 },
      { label: '02/03', value: 3 },
    ],
    byJob: [
      { label: 'Aux Serraria', value: 5 },
      { label: '[Conecta] Consultor de Vendas', value: 2 },
    ],
    byLocality: [{ label: 'Joazeiro', value: 7 }],
    byStatus: [
      { label: 'Novo', value: 6 },
      { label: 'Principal', value: 1 },
    ],
    byPage: [
      { label: 'Página principal (/)', value: 5 },
      { label: 'Call center (/conecta)', value: 2 },
    ],
    bySource: [
      { label: 'facebook', value: 4 },
      { label: 'Sem origem', value: 3 },
    ],
    byCampaign: [{ label: 'vagas-junho', value: 4 }],
    redirects: { count: 3, callCenterApplications: 2, perApplication: 1.5 },
    reads: 70,
    ...overrides,
  };
}

/** The numbers table of the chart titled `title`, as [label, value] pairs. */
function tableOf(title: string): string[][] {
  const section = screen.getByRole('region', { name: title });
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent ?? ''));
}

beforeEach(() => {
  api.loadReport.mockReset();
});

describe('Relatórios', () => {
  it('loads the last 30 days, then shows the totals and every chart with its numbers as a table', async () => {
    api.loadReport.mockResolvedValue(report());
    renderAt('/admin', <ReportsTab />);
    expect(screen.getByLabelText('Carregando relatórios')).toBeInTheDocument();
    expect(await screen.findByText('Candidaturas no período')).toBeInTheDocument();
    const [, period] = api.loadReport.mock.calls[0];
    expect((period.to.getTime() - period.from.getTime()) / 86_400_000).toBeCloseTo(30, 0);
    expect(period.to.getTime()).toBeGreaterThan(Date.now());
    expect(tableOf('Candidaturas por dia')).toEqual([
      ['01/03', '4'],
      ['02/03', '3'],
    ]);
    expect(tableOf('Por vaga')).toEqual([
      ['Aux Serraria', '5'],
      ['[Conecta] Consultor de Vendas', '2'],
    ]);
    expect(tableOf('Por status')).toEqual([
      ['Novo', '6'],
      ['Principal', '1'],
    ]);
    expect(tableOf('Por página')).toEqual([
      ['Página principal (/)', '5'],
      ['Call center (/conecta)', '2'],
    ]);
    expect(tableOf('Por origem (utm_source)')).toEqual([
      ['facebook', '4'],
      ['Sem origem', '3'],
    ]);
    expect(tableOf('Por campanha (utm_campaign)')).toEqual([['vagas-junho', '4']]);
    expect(screen.getByText('1,5')).toBeInTheDocument();
    // What a report costs in reads is for the bench (bench/reports.ts), not for the recruiter.
    expect(screen.queryByText(/leituras/)).toBeNull();
  });

  it('the period has a placeholder and presets; Últimos 7 dias loads the last 7 days', async () => {
    api.loadReport.mockResolvedValue(report());
    renderAt('/admin', <ReportsTab />);
    await screen.findByText(/Inclui os leads na lixeira/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Período' }));
    expect(screen.getByRole('button', { name: 'Este mês' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mês passado' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Últimos 7 dias' }));
    await waitFor(() => expect(api.loadReport).toHaveBeenCalledTimes(2));
    const { from, to } = api.loadReport.mock.calls[1]![1];
    // São Paulo's last 7 days, today included, whatever the machine's time zone.
    const today = statsDayKey(new Date());
    expect(from).toEqual(statsDayStart(shiftDay(today, -6)));
    expect(to).toEqual(statsDayStart(shiftDay(today, 1)));
  });

  it('an empty period says so in every chart', async () => {
    api.loadReport.mockResolvedValue(
      report({
        total: 0,
        perDay: zeroRows(['01/03']),
        byJob: zeroRows(['Aux Serraria']),
        byLocality: zeroRows(['Joazeiro']),
        byStatus: zeroRows(['Novo']),
        byPage: zeroRows(['Página principal (/)']),
        bySource: [],
        byCampaign: [],
        redirects: { count: 0, callCenterApplications: 0, perApplication: null },
      }),
    );
    renderAt('/admin', <ReportsTab />);
    await screen.findByText('Candidaturas no período');
    expect(screen.getAllByText('Nenhuma candidatura no período.')).toHaveLength(6);
    expect(screen.getByText('Nenhuma candidatura com campanha no período.')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(1);
  });

  it('a failed load toasts Erro ao carregar relatórios and Tentar novamente loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.loadReport.mockRejectedValueOnce(new Error('failed-precondition'));
    api.loadReport.mockResolvedValueOnce(report());
    renderAt('/admin', <ReportsTab />);
    expect(await screen.findAllByText('Erro ao carregar relatórios')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Candidaturas no período')).toBeInTheDocument();
    await waitFor(() => expect(api.loadReport).toHaveBeenCalledTimes(2));
  });
});
