import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderPage } from '@/components/test-utils/render';
import { IDBFactory } from 'fake-indexeddb';
import { deviceLimit, deviceWindowMs } from '@/domain/device-limit';
import { slotMarginMs } from '@/lib/outbox/device-slots';
import { forgetOutboxDatabase, idbDeviceStore, idbOutboxStore } from '@/lib/outbox/idb-store';
import { waitedAfterMs, type SendOptions } from '@/lib/outbox/outbox';
import type { Fbq } from '@/lib/pixel/pixel';
import type { LeadForm } from '@/domain/lead';
import type { OpenLists } from '@/domain/lead-form';
import { seedLists } from '@/domain/vacancies';
import { consentNotes } from '@/domain/consent';
import { formInputFields } from '@/domain/lead';
import {
  fieldInput,
  fieldsBut,
  fillApplicationForm,
  fillField,
} from '@/features/apply/testing/fill-form';
import { RootApplyPage } from './RootApplyPage';

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
vi.mock('../../../lib/pixel/tracking-settings', () => ({
  loadTrackingPixelId: () => Promise.resolve('555'),
}));

let fbqCalls: unknown[][];
beforeEach(() => {
  vacancies.read.mockReset();
  vacancies.read.mockImplementation((form) => Promise.resolve(seedLists(form)));
  // A database of its own per test: a previous test's late writes land in the old one.
  globalThis.indexedDB = new IDBFactory();
  forgetOutboxDatabase();
  api.writeLead.mockReset();
  fbqCalls = [];
  window.fbq = ((...args: unknown[]) => fbqCalls.push(args)) as Fbq;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  delete window.fbq;
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** Waits for the pixel's conversions of `stored` stored applications (two events each). */
const conversionsFired = (stored: number) =>
  waitFor(() =>
    expect(fbqCalls.filter((c) => c[2] === 'CompleteRegistration')).toHaveLength(2 * stored),
  );

/** The lead ids written so far, in order. */
const writtenIds = () => api.writeLead.mock.calls.map((call) => call[0]);

/** Fills in the whole form; returns the lead it stores. */
const fillAll = (user: UserEvent) => fillApplicationForm(user, 'root');

const submitButton = () => screen.getByRole('button', { name: /Enviar Candidatura|Enviando/ });

/** The screening's signals of an application a person sent (the seconds vary). */
const personSignals = { honeypot: '', fill_seconds: expect.any(Number) as number };

describe('root application page', () => {
  test('shows the title, subtitle, logo and links, and fires PageView once', async () => {
    renderPage(<RootApplyPage />);
    expect(screen.getByRole('heading', { name: 'Vagas de Emprego' })).toBeInTheDocument();
    expect(
      screen.getByText('Candidate-se às nossas vagas de emprego em Coité'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '8 Rural Chocadeiras' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conecta' })).toHaveAttribute('href', '/conecta');
    const admin = screen.getByRole('link', { name: 'Acesso administrativo' });
    expect(admin).toHaveAttribute('href', '/admin/login');
    expect(admin).toHaveAttribute('title', 'Acesso administrativo');
    await waitFor(() => expect(fbqCalls).toContainEqual(['track', 'PageView']));
    expect(fbqCalls.filter((c) => c[1] === 'PageView')).toHaveLength(1);
  });

  test('masks the WhatsApp field', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    const phone = screen.getByLabelText(/WhatsApp/);
    expect(phone).toHaveAttribute('maxlength', '15');
    expect(phone).toHaveAttribute('placeholder', '(75) 99999-9999');
    await user.type(phone, 'ab79 9999-98888777');
    expect(phone).toHaveValue('(79) 99999-8888');
  });

  test.each(formInputFields('root'))(
    'an empty %s shows the required-fields toast and sends nothing',
    async (missing) => {
      const user = userEvent.setup({ delay: null });
      renderPage(<RootApplyPage />);
      await fillApplicationForm(user, 'root', {}, fieldsBut('root', missing));
      await user.click(submitButton());
      expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
      expect(screen.getByText('Por favor, preencha todos os campos.')).toBeInTheDocument();
      expect(api.writeLead).not.toHaveBeenCalled();
    },
  );

  test('a visit from a tagged link sends the source with the lead (never the fbclid value)', async () => {
    window.history.replaceState(null, '', '/?utm_source=facebook&utm_campaign=junho&fbclid=XYZ');
    try {
      api.writeLead.mockResolvedValue();
      const user = userEvent.setup({ delay: null });
      renderPage(<RootApplyPage />);
      const lead = await fillAll(user);
      await user.click(submitButton());
      await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(1));
      expect(api.writeLead.mock.calls[0][1]).toEqual({
        ...lead,
        source: { utm_source: 'facebook', utm_campaign: 'junho', fbclid: true },
        ...personSignals,
      });
      await conversionsFired(1);
    } finally {
      window.history.replaceState(null, '', '/');
      sessionStorage.clear();
    }
  });

  test("sends exactly the form's fields and the consent version, shows Enviando... while busy, then clears the form", async () => {
    let finish: () => void = () => {};
    api.writeLead.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    // A phone typed as digits is stored as the mask writes it.
    const lead = await fillApplicationForm(user, 'root', { whatsapp: '75999991234' });
    await user.click(submitButton());
    expect(submitButton()).toHaveTextContent('Enviando...');
    expect(submitButton()).toBeDisabled();
    await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(1));
    expect(writtenIds()[0]).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(api.writeLead.mock.calls[0][1]).toEqual({
      ...lead,
      whatsapp: '(75) 99999-1234',
      consent_version: consentNotes.root.version,
      // The screening's signals: the honeypot nobody sees, empty; the seconds the form took.
      ...personSignals,
    });
    // Sent at once: no device time (only an application that waited records submitted_at).
    expect(api.writeLead.mock.calls[0][2].submittedAt).toBeUndefined();
    // With this device's id and the first slot of its record (the per-device limit).
    expect(api.writeLead.mock.calls[0][2].device).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      slot: 0,
    });
    expect(screen.getByText(consentNotes.root.text)).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Candidatura enviada com sucesso! 🎉')).toBeInTheDocument();
    expect(screen.getByText('Entraremos em contato em breve. Obrigado!')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toHaveTextContent('Enviar Candidatura'));
    expect(submitButton()).toBeEnabled();
    expect(screen.getByLabelText(/Nome Completo/)).toHaveValue('');
    expect(screen.getByLabelText(/WhatsApp/)).toHaveValue('');
    await waitFor(() =>
      expect(fbqCalls.filter((c) => c[2] === 'CompleteRegistration')).toEqual([
        [
          'trackSingle',
          '555',
          'CompleteRegistration',
          {
            content_name: 'Candidatura Vaga',
            content_category: lead.vaga,
            value: 1,
            currency: 'BRL',
          },
        ],
        [
          'trackSingle',
          '1234567890123456',
          'CompleteRegistration',
          {
            content_name: 'Candidatura 8 Rural Chocadeiras',
            content_category: lead.vaga,
            value: 1,
            currency: 'BRL',
          },
        ],
      ]),
    );
  });

  test('the honeypot: hidden from people and screen readers, out of the tab order; what fills it is sent', async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    const { container } = renderPage(<RootApplyPage />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    // Not among what a screen reader or a person using the keyboard meets.
    expect(screen.queryByRole('textbox', { name: /Deixe este campo em branco/ })).toBeNull();
    await fillAll(user);
    // What a form-filling script does: every input gets a value.
    await user.type(trap, 'http://spam.example');
    await user.click(submitButton());
    await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(1));
    expect(api.writeLead.mock.calls[0][1]).toMatchObject({ honeypot: 'http://spam.example' });
    // Cleared with the form: the next application starts with it empty, and timed anew.
    await conversionsFired(1);
    expect(trap.value).toBe('');
    await fillAll(user);
    await user.click(submitButton());
    await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(2));
    expect(api.writeLead.mock.calls[1][1]).toMatchObject({ honeypot: '' });
    const [first, second] = api.writeLead.mock.calls.map(
      (call) => (call[1] as { fill_seconds: number }).fill_seconds,
    );
    expect(second).toBeLessThanOrEqual(first!);
    await conversionsFired(2);
  });

  test('a write the server refuses shows the error toast and keeps the form', async () => {
    // Refused as sent, and again with the submit time.
    api.writeLead.mockRejectedValue(
      Object.assign(new Error('denied'), { code: 'permission-denied' }),
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    const lead = await fillAll(user);
    await user.click(submitButton());
    expect(await screen.findByText('Erro ao enviar')).toBeInTheDocument();
    expect(screen.getByText('Tente novamente em alguns instantes.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome Completo/)).toHaveValue(lead.nome);
    expect(fbqCalls.some((c) => c[2] === 'CompleteRegistration')).toBe(false);
    expect(await idbOutboxStore.all()).toEqual([]);
  });

  test('without a connection the application waits on the device and is sent, under the same id, once it is back', async () => {
    api.writeLead.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce();
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    await fillAll(user);
    await user.click(submitButton());
    expect(
      await screen.findByText('Sua candidatura será enviada assim que a internet voltar.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Nome Completo/)).toHaveValue(''));
    expect(screen.queryByText('Erro ao enviar')).not.toBeInTheDocument();
    expect(fbqCalls.some((c) => c[2] === 'CompleteRegistration')).toBe(false);
    expect(await idbOutboxStore.all()).toHaveLength(1);

    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Sua candidatura foi enviada!')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByText(/será enviada assim que a internet voltar/),
      ).not.toBeInTheDocument(),
    );
    expect(writtenIds()).toHaveLength(2);
    expect(writtenIds()[1]).toBe(writtenIds()[0]);
    // The first attempt went at once (no device time); the one that waited carries the device's
    // time of the submit (lead.ts submitted_at), not the time it finally went.
    const [first, later] = api.writeLead.mock.calls.map((call) => call[2]);
    expect(first.submittedAt).toBeUndefined();
    expect(later.submittedAt).toBeTypeOf('number');
    expect(later.submittedAt).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - (later.submittedAt as number)).toBeLessThan(10 * 60_000);
    // The retry went with the slot the first attempt took.
    expect(later.device).toEqual(first.device);
    expect(await idbOutboxStore.all()).toEqual([]);
    await conversionsFired(1);
  });

  test('a device that sent its limit in the last minutes is told, and its application goes by itself once it may', async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    await fillAll(user);
    // Every slot of this device was taken a window ago, less a few seconds: the first frees then
    // (long enough for the application to count as one that waited: it carries its submit time).
    const takenAt = Date.now() - deviceWindowMs - slotMarginMs + waitedAfterMs + 5_000;
    await idbDeviceStore.set({
      id: 'DeviceExample0000001',
      slots: Array.from({ length: deviceLimit.applications }, (_, i) => takenAt + i),
    });
    await user.click(submitButton());
    expect(
      await screen.findByText(/Este aparelho enviou várias candidaturas em poucos minutos/),
    ).toBeInTheDocument();
    expect(screen.getByText('Candidatura guardada neste aparelho')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Nome Completo/)).toHaveValue(''));
    expect(api.writeLead).not.toHaveBeenCalled();
    expect(screen.queryByText('Erro ao enviar')).not.toBeInTheDocument();
    expect(fbqCalls.some((c) => c[2] === 'CompleteRegistration')).toBe(false);

    // Nothing to do for the candidate: the page sends it once the first slot is free.
    expect(
      await screen.findByText('Sua candidatura foi enviada!', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(api.writeLead).toHaveBeenCalledTimes(1);
    expect(api.writeLead.mock.calls[0][2].device).toEqual({ id: 'DeviceExample0000001', slot: 0 });
    expect(api.writeLead.mock.calls[0][2].submittedAt).toBeTypeOf('number');
    await waitFor(() =>
      expect(screen.queryByText(/Este aparelho enviou várias/)).not.toBeInTheDocument(),
    );
    expect(await idbOutboxStore.all()).toEqual([]);
    await conversionsFired(1);
  });

  test('the same application submitted twice while it waits stays one application', async () => {
    api.writeLead.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    await fillAll(user);
    await user.click(submitButton());
    await screen.findByText('Sua candidatura será enviada assim que a internet voltar.');
    await waitFor(() => expect(screen.getByLabelText(/Nome Completo/)).toHaveValue(''));
    const callsBefore = api.writeLead.mock.calls.length;
    await fillAll(user);
    await user.click(submitButton());
    // The second submit tries again at once (the backoff's own retries may add more).
    await waitFor(() => expect(api.writeLead.mock.calls.length).toBeGreaterThan(callsBefore));
    await waitFor(() => expect(screen.getByLabelText(/Nome Completo/)).toHaveValue(''));
    expect(new Set(writtenIds()).size).toBe(1);
    expect(await idbOutboxStore.all()).toHaveLength(1);
  });

  test('empty fields are marked at the field, and an incomplete WhatsApp number is not sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    await user.click(submitButton());
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome Completo/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(formInputFields('root').length);
    await fillAll(user);
    await user.clear(screen.getByLabelText(/WhatsApp/));
    await user.type(screen.getByLabelText(/WhatsApp/), '759');
    await user.click(submitButton());
    expect(
      await screen.findByText('Informe o número completo, com DDD: (75) 98123-4567'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Campo obrigatório')).not.toBeInTheDocument();
    expect(api.writeLead).not.toHaveBeenCalled();
  });

  test('what was typed survives a reload, and is cleared once the application is stored', async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    const first = renderPage(<RootApplyPage />);
    await user.type(screen.getByLabelText(/Nome Completo/), 'Ana Souza');
    await fillField(user, 'root', 'vaga', 'Aux Serraria');
    first.unmount();
    renderPage(<RootApplyPage />);
    await waitFor(() => expect(screen.getByLabelText(/Nome Completo/)).toHaveValue('Ana Souza'));
    expect(fieldInput('Vaga')).toHaveValue('Aux Serraria');
    await fillApplicationForm(user, 'root', {}, fieldsBut('root', 'nome', 'vaga'));
    await user.click(submitButton());
    await screen.findByText('Candidatura enviada com sucesso! 🎉');
    expect(sessionStorage.getItem('vagas:draft:/')).toBeNull();
    await conversionsFired(1);
  });

  test('after a success, the next application gets a new id', async () => {
    api.writeLead.mockResolvedValue();
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    await fillAll(user);
    await user.click(submitButton());
    await screen.findByText('Candidatura enviada com sucesso! 🎉');
    await fillAll(user);
    await user.click(submitButton());
    await waitFor(() => expect(api.writeLead).toHaveBeenCalledTimes(2));
    expect(new Set(writtenIds()).size).toBe(2);
    await conversionsFired(2);
  });

  test('a number pasted with +55 and spaces is taken whole, without the country code', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    const phone = screen.getByLabelText(/WhatsApp/);
    await user.click(phone);
    await user.paste('+55 (75) 9 8123-4567');
    expect(phone).toHaveValue('(75) 98123-4567');
  });

  test('deleting a digit in the middle keeps the caret there', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<RootApplyPage />);
    const phone = screen.getByLabelText<HTMLInputElement>(/WhatsApp/);
    await user.type(phone, '75981234567');
    // Caret after '(75) 981', then Backspace removes the 1.
    phone.setSelectionRange(8, 8);
    await user.keyboard('{Backspace}');
    expect(phone).toHaveValue('(75) 98234-567');
    expect(phone.selectionStart).toBe(7);
  });
});
