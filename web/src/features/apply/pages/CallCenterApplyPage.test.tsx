import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consentNotes } from '@/domain/consent';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderPage } from '@/components/test-utils/render';
import { IDBFactory } from 'fake-indexeddb';
import { forgetOutboxDatabase } from '@/lib/outbox/idb-store';
import type { Fbq } from '@/lib/pixel/pixel';
import { CallCenterApplyPage } from './CallCenterApplyPage';

const api = vi.hoisted(() => ({
  writeLead: vi.fn<(id: string, lead: object, submittedAt?: number) => Promise<void>>(),
}));
vi.mock('../../../lib/outbox/send-lead', () => ({ writeLead: api.writeLead }));
// No admin pixel, unless a test sets one (a new id each time: its fbq('init', id) shows the set-up ran).
const tracking = vi.hoisted(() => ({ pixelId: null as string | null, next: 900000 }));
vi.mock('../../../lib/pixel/tracking-settings', () => ({
  loadTrackingPixelId: () => Promise.resolve(tracking.pixelId),
}));

let fbqCalls: unknown[][];
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  forgetOutboxDatabase();
  tracking.pixelId = null;
  api.writeLead.mockReset();
  fbqCalls = [];
  window.fbq = ((...args: unknown[]) => fbqCalls.push(args)) as Fbq;
});
afterEach(() => {
  delete window.fbq;
  sessionStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;
const input = (label: string) =>
  screen
    .getAllByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))
    .filter((el) => el.tagName === 'INPUT')[0];

async function choose(user: User, label: string, option: string) {
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

const fills: Record<string, (user: User) => Promise<void>> = {
  nome: (user) => user.type(input('Nome Completo'), 'Bruno Lima'),
  whatsapp: (user) => user.type(input('WhatsApp'), '79988887777'),
  vaga: (user) => choose(user, 'Vaga que tenho Experiência', 'Supervisor de Call Center'),
  cidade: (user) => choose(user, 'Localização (Aracaju e Região)', 'Atalaia'),
  idade: (user) => user.type(input('Idade'), '33'),
  tempo_experiencia: (user) => choose(user, 'Tempo de Experiência', 'Menos de 1 ano'),
};

describe('call-center application page', () => {
  test('shows its texts and the discreet admin link, and fires no PageView', async () => {
    const adminPixel = String((tracking.next += 1));
    tracking.pixelId = adminPixel;
    renderPage(<CallCenterApplyPage />, '/conecta');
    expect(screen.getByRole('heading', { name: 'Vagas de Call Center' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acesso administrativo' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
    expect(screen.getByRole('button', { name: 'Enviar Candidatura' })).toBeInTheDocument();
    expect(screen.getByText(/você concorda em ser contatado/)).toBeInTheDocument();
    // The set-up that would fire PageView (it does on the root page) has run: no PageView here.
    await waitFor(() => expect(fbqCalls).toContainEqual(['init', adminPixel]));
    expect(fbqCalls.some((c) => c[1] === 'PageView')).toBe(false);
  });

  test('a closed select renders none of its options; opened, it lists them in their groups', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CallCenterApplyPage />, '/conecta');
    // Mounted, its effects run (render() flushes them): no list of any select is rendered.
    expect(screen.getByRole('heading', { name: 'Vagas de Call Center' })).toBeInTheDocument();
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    await user.click(input('Localização (Aracaju e Região)'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Aracaju')).toBeInTheDocument();
    expect(within(listbox).getByText('Região Metropolitana')).toBeInTheDocument();
    expect(within(listbox).getAllByRole('option')).toHaveLength(11);
    await user.click(within(listbox).getByRole('option', { name: 'Barra dos Coqueiros' }));
    expect(input('Localização (Aracaju e Região)')).toHaveValue('Barra dos Coqueiros');
    // Closed again, the list is gone.
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);
  });

  test('idade keeps digits only; an age outside 16..70 is said at the field and not sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CallCenterApplyPage />, '/conecta');
    for (const [name, fill] of Object.entries(fills)) if (name !== 'idade') await fill(user);
    const idade = input('Idade');
    await user.type(idade, '1a2');
    expect(idade).toHaveValue('12');
    expect(await screen.findByText('A idade deve estar entre 16 e 70 anos.')).toBeInTheDocument();
    expect(idade).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    expect(idade).toHaveValue('12');
    await user.clear(idade);
    await user.type(idade, '71');
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    expect(screen.getByText('A idade deve estar entre 16 e 70 anos.')).toBeInTheDocument();
    expect(api.writeLead).not.toHaveBeenCalled();
  });

  test.each(Object.keys(fills))(
    'without %s: the required-fields toast, nothing sent',
    async (missing) => {
      const user = userEvent.setup({ delay: null });
      renderPage(<CallCenterApplyPage />, '/conecta');
      for (const [name, fill] of Object.entries(fills)) if (name !== missing) await fill(user);
      await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
      expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
      expect(api.writeLead).not.toHaveBeenCalled();
    },
  );

  test('sends the six fields with the [Conecta] prefix, toasts, tracks 0.01 BRL and goes to /redirecionamento', async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage(<CallCenterApplyPage />, '/conecta');
    for (const fill of Object.values(fills)) await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    expect(await screen.findByText('Candidatura enviada com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Conecta entrará em contato em breve. Obrigado!')).toBeInTheDocument();
    expect(api.writeLead).toHaveBeenCalledWith(
      expect.stringMatching(/^\w{20}$/),
      {
        nome: 'Bruno Lima',
        whatsapp: '(79) 98888-7777',
        vaga: '[Conecta] Supervisor de Call Center',
        cidade: 'Aracaju - Atalaia',
        idade: 33,
        tempo_experiencia: 'Menos de 1 ano',
        // The version of the consent note shown under the button (what the candidate agreed to).
        consent_version: consentNotes.callCenter.version,
        // The screening's signals: the honeypot nobody sees, empty; the seconds the form took.
        honeypot: '',
        fill_seconds: expect.any(Number),
      },
      undefined,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirecionamento'));
    await waitFor(() =>
      expect(fbqCalls.filter((c) => c.includes('CompleteRegistration'))).toEqual([
        [
          'track',
          'CompleteRegistration',
          {
            content_name: 'Candidatura Vaga',
            content_category: 'Supervisor de Call Center',
            value: 0.01,
            currency: 'BRL',
          },
        ],
        [
          'trackSingle',
          '1234567890123456',
          'CompleteRegistration',
          {
            content_name: 'Candidatura 8 Rural Chocadeiras',
            content_category: 'Supervisor de Call Center',
            value: 0.01,
            currency: 'BRL',
          },
        ],
      ]),
    );
  });
});
