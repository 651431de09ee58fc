import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderPage } from '@/components/test-utils/render';
import type { RedirectSettings } from '@/domain/settings';
import { RedirectPage } from './RedirectPage';

const api = vi.hoisted(() => ({
  load: vi.fn<() => Promise<RedirectSettings>>(),
  count: vi.fn<() => Promise<void>>(),
  goTo: vi.fn<(link: string) => void>(),
}));
vi.mock('../api/redirect-settings', () => ({
  loadRedirectSettings: api.load,
  countRedirectOncePerSession: api.count,
}));
vi.mock('../components/RedirectCountdown/navigate', () => ({ goTo: api.goTo }));
vi.mock('../../../lib/pixel/tracking-settings', () => ({
  loadTrackingPixelId: () => Promise.resolve(null),
}));

// Every timer is fake and only moves when a test advances it: the countdown's seconds are the
// test's, never the machine's (a loaded machine cannot skip a second).
beforeEach(() => {
  vi.useFakeTimers();
  api.load.mockReset();
  api.count.mockReset().mockResolvedValue();
  api.goTo.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

const seconds = () => screen.getByTestId('countdown').textContent;
/** Lets the settings promise settle and React render, without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('redirect page', () => {
  test('heading and spinner, then the texts and a countdown from the configured time that navigates at zero', async () => {
    let resolve: (s: RedirectSettings) => void = () => {};
    api.load.mockReturnValue(new Promise((r) => (resolve = r)));
    renderPage(<RedirectPage />, '/redirecionamento');
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    // The heading is there while the settings are read (the prerendered page's largest paint).
    expect(screen.getByRole('heading', { level: 1, name: 'Peço que aguarde' })).toBeInTheDocument();
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link não configurado' })).not.toBeInTheDocument();
    await act(async () =>
      resolve({ whatsappLink: 'https://wa.me/5579999999999', redirectTime: 3 }),
    );
    for (const text of [
      'Peço que aguarde',
      'Iremos encaminhar para o WhatsApp',
      'Conectando...',
      'Redirecionamento automático',
      'LIVE',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Ir para WhatsApp agora' })).toHaveAttribute(
      'href',
      'https://wa.me/5579999999999',
    );
    expect(api.count).toHaveBeenCalledTimes(1);
    expect(seconds()).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seconds()).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seconds()).toBe('1');
    expect(api.goTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seconds()).toBe('0');
    expect(api.goTo).toHaveBeenCalledWith('https://wa.me/5579999999999');
    expect(api.goTo).toHaveBeenCalledTimes(1);
  });

  test('without a link: disabled Link não configurado, no count, no navigation', async () => {
    api.load.mockResolvedValue({ whatsappLink: '', redirectTime: 1 });
    renderPage(<RedirectPage />, '/redirecionamento');
    await settle();
    const button = screen.getByRole('button', { name: 'Link não configurado' });
    expect(button).toBeDisabled();
    expect(seconds()).toBe('1');
    // The second that takes the countdown to zero is when a link would be followed.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seconds()).toBe('0');
    expect(api.count).not.toHaveBeenCalled();
    expect(api.goTo).not.toHaveBeenCalled();
  });

  test('a load failure toasts Erro and falls back to no link and 5 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.load.mockRejectedValue(new Error('offline'));
    renderPage(<RedirectPage />, '/redirecionamento');
    await settle();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(
      screen.getByText('Não foi possível carregar as configurações de redirecionamento'),
    ).toBeInTheDocument();
    expect(seconds()).toBe('5');
    expect(screen.getByRole('button', { name: 'Link não configurado' })).toBeDisabled();
  });

  test('without a link, the countdown ends by saying what happens next', async () => {
    api.load.mockResolvedValue({ whatsappLink: '', redirectTime: 1 });
    renderPage(<RedirectPage />, '/redirecionamento');
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      screen.getByText(
        'Sua candidatura foi recebida. A equipe Conecta entrará em contato pelo WhatsApp que você informou.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Conectando...')).not.toBeInTheDocument();
  });

  test('offline: explains that WhatsApp needs the connection, then reads the settings and counts down once back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.load.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage(<RedirectPage />, '/redirecionamento');
    await settle();
    expect(screen.getByText('Sem conexão com a internet')).toBeInTheDocument();
    expect(screen.queryByText('Erro')).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    api.load.mockResolvedValue({ whatsappLink: 'https://wa.me/5579999999999', redirectTime: 2 });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(screen.queryByText('Sem conexão com a internet')).not.toBeInTheDocument();
    expect(seconds()).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.goTo).toHaveBeenCalledWith('https://wa.me/5579999999999');
    onLine.mockRestore();
  });
});
