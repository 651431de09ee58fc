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
});
