import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirebaseError } from 'firebase/app';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/components/test-utils/render';
import type { ReconcileResult } from '@/features/lead-stats/api/reconcile';
import { RecountCounters } from './RecountCounters';

const api = vi.hoisted(() => ({ reconcileLeadStats: vi.fn<() => Promise<ReconcileResult>>() }));
vi.mock('@/lib/firebase/functions', () => ({ functions: {} }));
vi.mock('@/features/lead-stats/api/reconcile', async (original) => ({
  ...(await original<typeof import('@/features/lead-stats/api/reconcile')>()),
  reconcileLeadStats: api.reconcileLeadStats,
}));

const button = () => screen.getByRole('button', { name: 'Recontar contadores' });

beforeEach(() => {
  api.reconcileLeadStats.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Recontar contadores', () => {
  it('is busy while the server recounts, then says what it corrected', async () => {
    let answer: (result: ReconcileResult) => void = () => undefined;
    api.reconcileLeadStats.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage(<RecountCounters />);
    await userEvent.setup().click(button());
    await waitFor(() => expect(button()).toBeDisabled());
    answer({
      corrected: {
        trashed: { was: 3, now: 4 },
        'active.principal': { was: 1200, now: 1201 },
        'vaga_all_time.Aux Serraria': { was: 7, now: 6 },
        'active_by_vaga.Aux. Serraria.principal': { was: 2, now: 1 },
      },
      days: 2,
      daysCorrected: ['2025-03-01'],
    });
    expect(
      await screen.findByText(
        'Contadores corrigidos: Lixeira 3 → 4; Principal 1.200 → 1.201; Vaga Aux Serraria 7 → 6; Vaga Aux. Serraria, Principal 2 → 1; relatórios de 1 dia.',
      ),
    ).toBeInTheDocument();
    expect(button()).toBeEnabled();
  });

  it('says when there was nothing to correct', async () => {
    api.reconcileLeadStats.mockResolvedValue({ corrected: {}, days: 2 });
    renderPage(<RecountCounters />);
    await userEvent.setup().click(button());
    expect(await screen.findByText('Contadores conferidos: nada a corrigir.')).toBeInTheDocument();
  });

  it('names many corrections up to six, then how many more', async () => {
    const corrected = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`vaga_all_time.Vaga ${i}`, { was: i, now: i + 1 }]),
    );
    api.reconcileLeadStats.mockResolvedValue({ corrected, days: 2 });
    renderPage(<RecountCounters />);
    await userEvent.setup().click(button());
    expect(await screen.findByText(/; e mais 2 contadores\.$/)).toBeInTheDocument();
  });

  it("shows the server's refusal, or asks to try again, and can be pressed again", async () => {
    api.reconcileLeadStats.mockRejectedValueOnce(
      new FirebaseError('functions/permission-denied', 'Apenas administradores podem recontar.'),
    );
    api.reconcileLeadStats.mockRejectedValueOnce(
      new FirebaseError('functions/internal', 'INTERNAL'),
    );
    renderPage(<RecountCounters />);
    const user = userEvent.setup();
    await user.click(button());
    expect(await screen.findByText('Erro ao recontar os contadores')).toBeInTheDocument();
    expect(screen.getByText('Apenas administradores podem recontar.')).toBeInTheDocument();
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    expect(await screen.findByText('Tente novamente.')).toBeInTheDocument();
  });
});
