import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consentNotes } from '@/domain/consent';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderPage } from '@/components/test-utils/render';
import { IDBFactory } from 'fake-indexeddb';
import { forgetOutboxDatabase } from '@/lib/outbox/idb-store';
import type { SendOptions } from '@/lib/outbox/outbox';
import type { Fbq } from '@/lib/pixel/pixel';
import { callCenterVaga, formInputFields, type LeadForm } from '@/domain/lead';
import type { OpenLists } from '@/domain/lead-form';
import { seedLists } from '@/domain/vacancies';
import { fieldInput, fieldsBut, fillApplicationForm } from '@/features/apply/testing/fill-form';
import { CallCenterApplyPage } from './CallCenterApplyPage';

const api = vi.hoisted(() => ({
  writeLead: vi.fn<(id: string, lead: object, options: SendOptions) => Promise<void>>(),
}));
vi.mock('../../../lib/outbox/send-lead', () => ({
  writeLead: api.writeLead,
  appCheckReady: () => Promise.resolve(),
}));
// The form's lists as Firestore has them now (read after load): the seed, unless a test says.
const vacancies = vi.hoisted(() => ({
  read: vi.fn<(form: LeadForm) => Promise<OpenLists | null>>(),
}));
vi.mock('../../../data/open-vacancies', () => ({ readOpenLists: vacancies.read }));
// No admin pixel, unless a test sets one (a new id each time: its fbq('init', id) shows the set-up ran).
const tracking = vi.hoisted(() => ({ pixelId: null as string | null, next: 900000 }));
vi.mock('../../../lib/pixel/tracking-settings', () => ({
  loadTrackingPixelId: () => Promise.resolve(tracking.pixelId),
}));

let fbqCalls: unknown[][];
beforeEach(() => {
  vacancies.read.mockReset();
  vacancies.read.mockImplementation((form) => Promise.resolve(seedLists(form)));
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

    await user.click(fieldInput('Localização (Aracaju e Região)'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Aracaju')).toBeInTheDocument();
    expect(within(listbox).getByText('Região Metropolitana')).toBeInTheDocument();
    expect(within(listbox).getAllByRole('option')).toHaveLength(11);
    await user.click(within(listbox).getByRole('option', { name: 'Barra dos Coqueiros' }));
    expect(fieldInput('Localização (Aracaju e Região)')).toHaveValue('Barra dos Coqueiros');
    // Closed again, the list is gone.
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);
  });

  test('idade keeps digits only; an age outside 16..70 is said at the field and not sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<CallCenterApplyPage />, '/conecta');
    await fillApplicationForm(user, 'callCenter', {}, fieldsBut('callCenter', 'idade'));
    const idade = fieldInput('Idade');
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

  test.each(formInputFields('callCenter'))(
    'without %s: the required-fields toast, nothing sent',
    async (missing) => {
      const user = userEvent.setup({ delay: null });
      renderPage(<CallCenterApplyPage />, '/conecta');
      await fillApplicationForm(user, 'callCenter', {}, fieldsBut('callCenter', missing));
      await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
      expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
      expect(api.writeLead).not.toHaveBeenCalled();
    },
  );

  test("sends the form's fields, the vaga with the [Conecta] prefix, toasts, tracks 0.01 BRL and goes to /redirecionamento", async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage(<CallCenterApplyPage />, '/conecta');
    const lead = await fillApplicationForm(user, 'callCenter', {
      vaga: callCenterVaga('Supervisor de Call Center'),
      idade: '33',
    });
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    expect(await screen.findByText('Candidatura enviada com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Conecta entrará em contato em breve. Obrigado!')).toBeInTheDocument();
    expect(api.writeLead).toHaveBeenCalledWith(
      expect.stringMatching(/^\w{20}$/),
      {
        ...lead,
        vaga: '[Conecta] Supervisor de Call Center',
        idade: 33,
        // The version of the consent note shown under the button (what the candidate agreed to).
        consent_version: consentNotes.callCenter.version,
        // The screening's signals: the honeypot nobody sees, empty; the seconds the form took.
        honeypot: '',
        fill_seconds: expect.any(Number),
      },
      // Sent at once (no device time), with this device's first slot.
      { device: { id: expect.stringMatching(/^[A-Za-z0-9]{20}$/), slot: 0 } },
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

  test('a WhatsApp number typed the way WhatsApp shows it is sent with its DDD', async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    renderPage(<CallCenterApplyPage />, '/conecta');
    const phone = fieldInput('WhatsApp');
    expect(phone).toHaveAttribute('placeholder', '(79) 99999-9999');
    expect(phone).toHaveAttribute('maxlength', '15');
    // Key by key, as a candidate types it (user-event honours the field's maxlength).
    await user.type(phone, '+55 75 99999-1234');
    expect(phone).toHaveValue('(75) 99999-1234');
    await fillApplicationForm(user, 'callCenter', {}, fieldsBut('callCenter', 'whatsapp'));
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(1));
    expect(api.writeLead.mock.calls[0][1]).toMatchObject({ whatsapp: '(75) 99999-1234' });
  });

  test('the selects offer the lists as they are now: a closed job gone, a new one and a new locality offered', async () => {
    const seed = seedLists('callCenter');
    vacancies.read.mockResolvedValue({
      vaga: [
        ...(seed.vaga ?? []).filter((c) => c.label !== 'Operador de Call Center'),
        { value: '[Conecta] Monitor de Qualidade', label: 'Monitor de Qualidade' },
      ],
      cidade: [
        ...(seed.cidade ?? []),
        { value: 'Aracaju - Bugio', label: 'Bugio', group: 'Aracaju' },
      ],
    });
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    renderPage(<CallCenterApplyPage />, '/conecta');
    await waitFor(() => expect(vacancies.read).toHaveBeenCalledWith('callCenter'));
    await user.click(fieldInput('Vaga que tenho Experiência'));
    const jobs = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(within(jobs).queryByRole('option', { name: 'Monitor de Qualidade' })).not.toBeNull(),
    );
    expect(within(jobs).queryByRole('option', { name: 'Operador de Call Center' })).toBeNull();
    await user.click(within(jobs).getByRole('option', { name: 'Monitor de Qualidade' }));
    await user.click(fieldInput('Localização (Aracaju e Região)'));
    const towns = await screen.findByRole('listbox');
    // Listed under its group, with the group's other localities (not a second 'Aracaju').
    expect(within(towns).getAllByText('Aracaju')).toHaveLength(1);
    expect(within(towns).getAllByRole('option')).toHaveLength(12);
    await user.click(within(towns).getByRole('option', { name: 'Bugio' }));
    await fillApplicationForm(user, 'callCenter', {}, fieldsBut('callCenter', 'vaga', 'cidade'));
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(1));
    expect(api.writeLead.mock.calls[0][1]).toMatchObject({
      vaga: '[Conecta] Monitor de Qualidade',
      cidade: 'Aracaju - Bugio',
    });
  });

  test('a job chosen before the lists were read, and closed since, is cleared', async () => {
    let answer: (lists: OpenLists) => void = () => {};
    vacancies.read.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup({ delay: null });
    renderPage(<CallCenterApplyPage />, '/conecta');
    await user.click(fieldInput('Vaga que tenho Experiência'));
    await user.click(await screen.findByRole('option', { name: 'Operador de Call Center' }));
    expect(fieldInput('Vaga que tenho Experiência')).toHaveValue('Operador de Call Center');
    await waitFor(() => expect(vacancies.read).toHaveBeenCalled());
    const seed = seedLists('callCenter');
    answer({
      ...seed,
      vaga: (seed.vaga ?? []).filter((c) => c.label !== 'Operador de Call Center'),
    });
    await waitFor(() => expect(fieldInput('Vaga que tenho Experiência')).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Enviar Candidatura' }));
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(api.writeLead).not.toHaveBeenCalled();
  });
});
