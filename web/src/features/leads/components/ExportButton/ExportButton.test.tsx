import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@/domain/lead';
import { isQualified } from '@/domain/lead-export';
import { ExportButton } from './ExportButton';

const api = vi.hoisted(() => ({
  exportQualified: vi.fn<(leads: readonly Lead[]) => Promise<void>>(),
  exportView: vi.fn<(leads: readonly Lead[]) => Promise<void>>(),
}));
vi.mock('@/features/leads/api/export-qualified', () => api);

const lead = (id: string, status: string): Lead => ({
  id,
  nome: `Pessoa ${id}`,
  whatsapp: '(79) 90000-0000',
  vaga: 'Aux Serraria',
  cidade: 'Joazeiro',
  status: status as Lead['status'],
  created_at: new Date(),
  deleted_at: null,
});

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
  api.exportQualified.mockReset().mockResolvedValue();
  api.exportView.mockReset().mockResolvedValue();
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
    expect(api.exportQualified).toHaveBeenCalledWith([shown[0], shown[2]]);
    expect(await screen.findByText('2 leads em leads_qualificados.csv.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar lista' }));
    expect(api.exportView).toHaveBeenCalledWith(shown);
    expect(await screen.findByText('1.203 leads em leads_lista.csv.')).toBeInTheDocument();
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
