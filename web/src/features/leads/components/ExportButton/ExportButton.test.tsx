import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead, LeadStatus } from '@/domain/lead';
import { isQualified } from '@/domain/lead-export';
import { aLead } from '@/domain/testing/lead-samples';
import { ExportButton } from './ExportButton';

const api = vi.hoisted(() => ({
  exportLeads: vi.fn<(kind: string, format: string, leads: readonly Lead[]) => Promise<string>>(),
}));
vi.mock('@/features/leads/api/export-qualified', () => api);

const lead = (id: string, status: LeadStatus): Lead => aLead({ id, status });

function renderButtons(leads: Lead[]) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <ExportButton
        listed={leads.length}
        qualified={leads.filter(isQualified).length}
        load={async (kind) => (kind === 'qualified' ? leads.filter(isQualified) : leads)}
      />
    </MantineProvider>,
  );
}

beforeEach(() => {
  api.exportLeads
    .mockReset()
    .mockImplementation(async (kind, format) =>
      kind === 'qualified' ? `leads_qualificados.${format}` : `leads_lista.${format}`,
    );
});

describe('the exports follow the filtered list and say what they take', () => {
  it('Exportar Qualificados takes the principal leads shown; Exportar lista takes them all', async () => {
    const shown = [
      lead('1', 'principal'),
      lead('2', 'novo'),
      lead('3', 'principal'),
      ...Array.from({ length: 1200 }, (_, i) => lead(`n${i}`, 'separado')),
    ];
    const user = userEvent.setup();
    renderButtons(shown);
    const qualified = screen.getByRole('button', { name: 'Exportar Qualificados' });
    expect(qualified).toHaveAccessibleDescription(
      'Seguem os filtros acima: 2 qualificados (status Principal) ou os 1.203 leads da lista, com origem e campanha.',
    );
    await user.click(qualified);
    expect(api.exportLeads).toHaveBeenCalledWith('qualified', 'csv', [shown[0], shown[2]]);
    expect(await screen.findByText('2 leads em leads_qualificados.csv.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar lista' }));
    expect(api.exportLeads).toHaveBeenCalledWith('view', 'csv', shown);
    expect(await screen.findByText('1.203 leads em leads_lista.csv.')).toBeInTheDocument();
    // The same files as an Excel workbook.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Formato do arquivo' }), 'xlsx');
    await user.click(screen.getByRole('button', { name: 'Exportar lista' }));
    expect(api.exportLeads).toHaveBeenLastCalledWith('view', 'xlsx', shown);
    expect(await screen.findByText('1.203 leads em leads_lista.xlsx.')).toBeInTheDocument();
  });

  it('with the status filter on Descartado there is nothing qualified to export', () => {
    renderButtons([lead('1', 'descartado')]);
    expect(screen.getByRole('button', { name: 'Exportar Qualificados' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportar lista' })).toBeEnabled();
    expect(
      screen.getByText(
        'Seguem os filtros acima: 0 qualificados (status Principal) ou o 1 lead da lista, com origem e campanha.',
      ),
    ).toBeInTheDocument();
  });

  it('while the list is counted, the line under the buttons says so (its place is kept)', () => {
    render(
      <MantineProvider env="test">
        <ExportButton listed={null} qualified={null} load={async () => []} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Exportar lista' })).toHaveAccessibleDescription(
      'Contando os leads de cada exportação…',
    );
    expect(screen.getByRole('button', { name: 'Exportar lista' })).toBeDisabled();
  });
});
