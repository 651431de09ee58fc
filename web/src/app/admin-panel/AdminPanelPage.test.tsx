import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import { AdminPanel } from './AdminPanelPage';

const session = vi.hoisted(() => ({ signOutAdmin: vi.fn<() => Promise<void>>() }));
vi.mock('@/features/admin/api/admin-session', () => session);

beforeEach(() => {
  session.signOutAdmin.mockReset().mockResolvedValue(undefined);
});

describe('AdminPanel shell', () => {
  it('shows the header with the company name, Gestão de Vagas and Sair, and the four tabs', () => {
    renderAt('/admin', <AdminPanel />);
    expect(screen.getByRole('heading', { name: 'Painel Administrativo' })).toBeInTheDocument();
    expect(screen.getByText('8 Rural Chocadeiras')).toBeInTheDocument();
    expect(screen.getByText('Gestão de Vagas')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Leads',
      'Lixeira (0)',
      'Relatórios',
      'Configurações',
    ]);
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches tabs', async () => {
    renderAt('/admin', <AdminPanel />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Relatórios' }));
    expect(screen.getByRole('tab', { name: 'Relatórios' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText('Relatórios detalhados serão implementados em breve.'),
    ).toBeVisible();
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
