import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  describeNextStep,
  dueFromInputs,
  inputsOf,
  isLate,
  nextStepCell,
  nextStepLimits,
  nextStepProblem,
} from './next-step';

describe('a next step', () => {
  it('reads as its kind and its date, with its text in the list', () => {
    const due = new Date(2026, 10, 27, 14, 5);
    expect(describeNextStep({ kind: 'retornar', due_at: due })).toBe(
      'Retornar em 27/11/2026 14:05',
    );
    expect(describeNextStep({ kind: 'entrevista', due_at: due })).toBe(
      'Entrevista em 27/11/2026 14:05',
    );
    expect(nextStepCell({ kind: 'retornar', due_at: due, text: 'Ligar' })).toBe(
      'Retornar em 27/11/2026 14:05 · Ligar',
    );
  });

  it("takes the form's date and time as local time, refusing what is not a real date", () => {
    expect(dueFromInputs('2026-11-27', '14:05')).toEqual(new Date(2026, 10, 27, 14, 5));
    expect(inputsOf(new Date(2026, 0, 3, 9, 0))).toEqual({ date: '2026-01-03', time: '09:00' });
    for (const [date, time] of [
      ['', '14:00'],
      ['2026-11-27', ''],
      ['2026-02-30', '10:00'],
      ['2026-11-27', '24:00'],
      ['27/11/2026', '10:00'],
    ]) {
      expect(dueFromInputs(date!, time!)).toBeNull();
    }
  });

  it('says why it cannot be saved: no date, too far, too long', () => {
    const now = new Date(2026, 10, 26, 10, 0);
    expect(nextStepProblem(null, '', now)).toBe('noDate');
    expect(nextStepProblem(new Date(2029, 0, 1), '', now)).toBe('tooFar');
    expect(nextStepProblem(new Date(2026, 10, 20), '', now)).toBeNull();
    expect(nextStepProblem(now, 'é'.repeat(nextStepLimits.textMax), now)).toBeNull();
    expect(nextStepProblem(now, 'x'.repeat(nextStepLimits.textMax + 1), now)).toBe('tooLong');
  });

  it('is late once its time has come; today runs from midnight to midnight', () => {
    const now = new Date(2026, 10, 26, 10, 0);
    expect(isLate(now, now)).toBe(true);
    expect(isLate(new Date(2026, 10, 26, 10, 1), now)).toBe(false);
    expect(dayBounds(now)).toEqual({
      start: new Date(2026, 10, 26),
      end: new Date(2026, 10, 27),
    });
  });
});
