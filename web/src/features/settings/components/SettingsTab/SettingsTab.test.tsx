import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import type { LiveDocument, SettingsDocumentName } from '@/data/settings-documents';
import { pixelStorageKey } from '@/domain/settings';
import { SettingsTab } from './SettingsTab';

/** The two live documents, set by the tests; the mocked hook re-renders when they change. */
const live = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const docs: Record<string, unknown> = {};
  return {
    docs,
    set(name: string, state: unknown) {
      docs[name] = state;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveRedirect:
      vi.fn<(db: unknown, s: { whatsappLink: string; redirectTime: number }) => Promise<void>>(),
    savePixel: vi.fn<(db: unknown, id: string) => Promise<void>>(),
  };
});
vi.mock('@/data/settings-documents', () => ({
  useSettingsDocument: (name: SettingsDocumentName) =>
    useSyncExternalStore(live.subscribe, () => live.docs[name] as LiveDocument),
  saveRedirectSettings: live.saveRedirect,
  saveTrackingPixelId: live.savePixel,
}));
vi.mock('@/lib/firebase/panel-sdk', () => ({ useFirestore: () => ({ fake: 'firestore' }) }));
// Equipe has tests of its own (Team/TeamSettings.test.tsx).
vi.mock('@/features/settings/components/Team/TeamSettings', () => ({
  TeamSettings: () => <p>equipe</p>,
}));

const success = (data: Record<string, unknown> | undefined): LiveDocument => ({
  status: 'success',
  data,
});

beforeEach(() => {
  live.docs.redirect = { status: 'loading' };
  live.docs.tracking = { status: 'loading' };
  live.saveRedirect.mockReset().mockResolvedValue();
  live.savePixel.mockReset().mockResolvedValue();
  localStorage.clear();
});

const card = (title: string) => screen.getByRole('status', { name: title });
const linkField = () => screen.getByRole('textbox', { name: 'Link do WhatsApp' });
const timeField = () => screen.getByRole('textbox', { name: 'Tempo de espera (segundos)' });
const pixelField = () => screen.getByRole('textbox', { name: 'ID do Pixel' });

function renderLoaded(
  redirect: Record<string, unknown> | null = {
    whatsapp_link: 'https://wa.me/5579999999999',
    redirect_time: 8,
    redirect_count: 1234,
  },
  tracking: Record<string, unknown> | null = { pixel_id: '998877' },
) {
  const view = renderAt('/admin', <SettingsTab />);
  act(() => {
    // null: the document does not exist.
    live.set('redirect', success(redirect ?? undefined));
    live.set('tracking', success(tracking ?? undefined));
  });
  return view;
}

describe('Configurações', () => {
  it('shows loading cards and disabled fields until the settings arrive, then the three cards and the stored values', () => {
    renderAt('/admin', <SettingsTab />);
    expect(screen.getAllByLabelText('Carregando configurações')).toHaveLength(3);
    expect(linkField()).toBeDisabled();
    expect(pixelField()).toBeDisabled();
    act(() => {
      live.set(
        'redirect',
        success({ whatsapp_link: 'https://wa.me/5579', redirect_time: 8, redirect_count: 1234 }),
      );
      live.set('tracking', success({ pixel_id: '998877' }));
    });
    expect(card('Total de Redirecionamentos')).toHaveTextContent('1.234');
    expect(card('Tempo de Redirecionamento')).toHaveTextContent('8 segundos');
    expect(card('Status do Link')).toHaveTextContent('Configurado');
    expect(linkField()).toHaveValue('https://wa.me/5579');
    expect(timeField()).toHaveValue('8');
    expect(pixelField()).toHaveValue('998877');
    expect(screen.getByTestId('redirect-address')).toHaveTextContent(
      `${window.location.origin}/redirecionamento`,
    );
    expect(screen.getByRole('button', { name: 'Copiar endereço' })).toBeEnabled();
  });

  it('with no documents: Pendente, 5 segundos, 0, an empty pixel, and no error', () => {
    renderLoaded(null, null);
    expect(card('Total de Redirecionamentos')).toHaveTextContent('0');
    expect(card('Tempo de Redirecionamento')).toHaveTextContent('5 segundos');
    expect(card('Status do Link')).toHaveTextContent('Pendente');
    expect(linkField()).toHaveValue('');
    expect(timeField()).toHaveValue('5');
    expect(pixelField()).toHaveValue('');
    expect(screen.queryByText('Erro ao carregar configurações')).not.toBeInTheDocument();
  });

  it('the counter card moves live without touching what the admin is typing', async () => {
    renderLoaded();
    const user = userEvent.setup();
    await user.clear(linkField());
    await user.type(linkField(), 'https://wa.me/5571');
    act(() =>
      live.set(
        'redirect',
        success({
          whatsapp_link: 'https://wa.me/5579999999999',
          redirect_time: 8,
          redirect_count: 1235,
        }),
      ),
    );
    expect(card('Total de Redirecionamentos')).toHaveTextContent('1.235');
    expect(linkField()).toHaveValue('https://wa.me/5571');
  });

  it('the pixel field keeps digits only; Salvar saves it, keeps it in localStorage and toasts Pixel salvo', async () => {
    renderLoaded(null, null);
    const user = userEvent.setup();
    await user.type(pixelField(), '12ab3-4 5');
    expect(pixelField()).toHaveValue('12345');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Pixel salvo')).toBeInTheDocument();
    expect(live.savePixel).toHaveBeenCalledWith({ fake: 'firestore' }, '12345');
    expect(localStorage.getItem(pixelStorageKey)).toBe('12345');
  });

  it('saves the link and delay and toasts Configurações salvas', async () => {
    renderLoaded();
    const user = userEvent.setup();
    await user.clear(linkField());
    await user.type(linkField(), 'https://chat.whatsapp.com/grupo');
    await user.clear(timeField());
    await user.type(timeField(), '12');
    await user.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(live.saveRedirect).toHaveBeenCalledWith(
      { fake: 'firestore' },
      { whatsappLink: 'https://chat.whatsapp.com/grupo', redirectTime: 12 },
    );
  });

  it('a number typed alone is saved as a wa.me link, and Testar link opens it in a new tab', async () => {
    renderLoaded(null);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Testar link' })).toBeDisabled();
    await user.type(linkField(), '(79) 98888-7777');
    expect(screen.getByText('Será salvo como https://wa.me/5579988887777')).toBeInTheDocument();
    const test = screen.getByRole('link', { name: 'Testar link' });
    expect(test).toHaveAttribute('href', 'https://wa.me/5579988887777');
    expect(test).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(live.saveRedirect).toHaveBeenCalledWith(expect.anything(), {
      whatsappLink: 'https://wa.me/5579988887777',
      redirectTime: 5,
    });
    // The field now shows what was saved, and no longer what it will be saved as.
    await waitFor(() => expect(linkField()).toHaveValue('https://wa.me/5579988887777'));
    expect(screen.queryByText(/Será salvo como/)).toBeNull();
  });

  it('refuses a link that is not http(s) with a message under the field, and saves nothing', async () => {
    renderLoaded();
    const user = userEvent.setup();
    await user.clear(linkField());
    await user.type(linkField(), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(
      screen.getByText(
        'O link precisa começar com http:// ou https:// (ex.: https://wa.me/5579999999999).',
      ),
    ).toBeInTheDocument();
    expect(linkField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Testar link' })).toBeDisabled();
    expect(live.saveRedirect).not.toHaveBeenCalled();
  });

  it('refuses a delay that is not a whole 1..30 with a message, and never changes what was typed', async () => {
    renderLoaded();
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Salvar Configurações' });
    const cases: [string, string][] = [
      ['2.5', 'Use um número inteiro de segundos, de 1 a 30 (ex.: 5).'],
      ['2,5', 'Use um número inteiro de segundos, de 1 a 30 (ex.: 5).'],
      ['-3', 'Use um número inteiro de segundos, de 1 a 30 (ex.: 5).'],
      ['31', 'Informe de 1 a 30 segundos.'],
      ['0', 'Informe de 1 a 30 segundos.'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(timeField());
      await user.type(timeField(), typed);
      await user.click(save);
      expect(timeField()).toHaveValue(typed);
      expect(timeField()).toHaveAttribute('aria-invalid', 'true');
      expect(timeField()).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(live.saveRedirect).not.toHaveBeenCalled();
    await user.clear(timeField());
    await user.type(timeField(), '30');
    await user.click(save);
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(live.saveRedirect).toHaveBeenCalledWith(expect.anything(), {
      whatsappLink: 'https://wa.me/5579999999999',
      redirectTime: 30,
    });
  });

  it('an empty delay is refused with its message', async () => {
    renderLoaded();
    const user = userEvent.setup();
    await user.clear(timeField());
    await user.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(screen.getByText('Informe de 1 a 30 segundos.')).toBeInTheDocument();
    expect(live.saveRedirect).not.toHaveBeenCalled();
  });

  it('a refused save toasts Erro ao salvar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    live.saveRedirect.mockRejectedValue(new Error('permission-denied'));
    live.savePixel.mockRejectedValue(new Error('permission-denied'));
    renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar Configurações' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getAllByText('Erro ao salvar')).toHaveLength(2));
    expect(screen.queryByText('Pixel salvo')).not.toBeInTheDocument();
    expect(localStorage.getItem(pixelStorageKey)).toBeNull();
  });

  it('a failed read toasts Erro ao carregar configurações once, and the form still works from the fallback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin', <SettingsTab />);
    act(() => {
      live.set('redirect', { status: 'error', error: new Error('permission-denied') });
      live.set('tracking', success(undefined));
    });
    expect(await screen.findByText('Erro ao carregar configurações')).toBeInTheDocument();
    expect(screen.getAllByText('Erro ao carregar configurações')).toHaveLength(1);
    expect(card('Status do Link')).toHaveTextContent('Pendente');
    expect(linkField()).toBeEnabled();
    expect(timeField()).toHaveValue('5');
  });
});
