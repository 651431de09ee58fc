import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import { showToast } from '@/components/toast';
import { showUndoToast } from '@/components/undo-toast';
import { AdminTabs } from './AdminTabs';

/** The toasts Mantine holds as shown. */
const toastTitles = () => notificationsStore.getState().notifications.map((n) => n.title);

const panels = {
  leads: <p>lista</p>,
  lixeira: <p>lixeira</p>,
  relatorios: <p>relatórios</p>,
  configuracoes: <p>configurações</p>,
};

describe('AdminTabs', () => {
  it('an undo offered on one tab is gone on the next; other toasts stay', async () => {
    const undo = vi.fn();
    renderAt('/admin', <AdminTabs trashCount={3} panels={panels} />);
    act(() => {
      showUndoToast({ title: 'Lead movido para lixeira' }, 'Desfazer', undo);
      showToast({ title: 'Status atualizado' }, 'success');
    });
    expect(await screen.findByRole('button', { name: 'Desfazer' })).toBeInTheDocument();
    expect(toastTitles()).toEqual(['Lead movido para lixeira', 'Status atualizado']);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Relatórios' }));
    // Hidden at once (the element then leaves with Mantine's exit transition).
    expect(toastTitles()).toEqual(['Status atualizado']);
    expect(undo).not.toHaveBeenCalled();
  });

  it("writes the trash count in pt-BR, and '…' while it is counted", () => {
    const { unmount } = renderAt('/admin', <AdminTabs trashCount={2155} panels={panels} />);
    expect(screen.getByRole('tab', { name: 'Lixeira (2.155)' })).toBeInTheDocument();
    unmount();
    renderAt('/admin', <AdminTabs trashCount={null} panels={panels} />);
    expect(screen.getByRole('tab', { name: 'Lixeira (…)' })).toBeInTheDocument();
  });

  it('shows the chosen tab only; arrow keys, Home and End move along the tabs and choose', async () => {
    const user = userEvent.setup();
    renderAt('/admin', <AdminTabs trashCount={3} panels={panels} />);
    const tab = (name: string | RegExp) => screen.getByRole('tab', { name });
    expect(tab('Leads')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Leads' })).toHaveTextContent('lista');
    expect(screen.queryByText('lixeira')).not.toBeInTheDocument();

    await user.click(tab('Relatórios'));
    expect(screen.getByRole('tabpanel', { name: 'Relatórios' })).toHaveTextContent('relatórios');
    expect(screen.queryByText('lista')).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('Configurações')).toHaveFocus();
    expect(tab('Configurações')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab('Leads')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Configurações')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Leads')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Configurações' })).toHaveTextContent(
      'configurações',
    );
    // One tab in the page's tab order: the chosen one.
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([
      tab('Configurações'),
    ]);
  });
});
