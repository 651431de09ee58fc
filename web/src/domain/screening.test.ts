import { heldStatus, writeTimeSignals } from '@vagas/common';
import { describe, expect, test } from 'vitest';
import { leadField, leadFieldNames } from './lead';
import { aLead } from './testing/lead-samples';
import { arrivalVerdict, describeSignals, signalsOf, statusOnArrival } from './screening';

describe('the screening, as the web app sees it', () => {
  test("the table's doubtful fields are the signals @vagas/common tells at write time", () => {
    const doubtful = leadFieldNames.filter((name) => leadField(name).doubtful);
    expect(doubtful).toEqual(['whatsapp', 'honeypot']);
    const clean = { whatsapp: '(75) 98123-4567', honeypot: '' };
    expect(writeTimeSignals(clean)).toEqual([]);
    expect(writeTimeSignals({ ...clean, whatsapp: '(00) 98123-4567' })).toEqual(['unknown_ddd']);
    expect(writeTimeSignals({ ...clean, honeypot: 'x' })).toEqual(['honeypot']);
  });

  test('a page stores a doubtful application set aside, the rest as new', () => {
    expect(statusOnArrival({ whatsapp: '(75) 98123-4567', honeypot: '' })).toBe('novo');
    expect(statusOnArrival({ whatsapp: '(75) 98123-4567', honeypot: 'x' })).toBe(heldStatus);
    expect(statusOnArrival({ whatsapp: '(23) 98123-4567', honeypot: '' })).toBe(heldStatus);
  });

  test('an arrival waits for the verdict, then is announced, unless it is set aside', () => {
    expect(arrivalVerdict(aLead())).toBe('pending');
    expect(arrivalVerdict(aLead({ screening: { score: 0 } }))).toBe('announce');
    expect(arrivalVerdict(aLead({ screening: { score: 1, burst: true } }))).toBe('announce');
    expect(arrivalVerdict(aLead({ status: heldStatus }))).toBe('held');
    expect(arrivalVerdict(aLead({ status: heldStatus, screening: { score: 2 } }))).toBe('held');
    // Released by an admin: in the list now, but no arrival to announce.
    expect(arrivalVerdict(aLead({ screening: { score: 2, honeypot: true } }))).toBe('held');
  });

  test('reads the signals of a verdict and of a timeline entry in Portuguese', () => {
    expect(signalsOf({ score: 3, honeypot: true, fast_fill: true })).toEqual([
      'honeypot',
      'fast_fill',
    ]);
    expect(signalsOf(undefined)).toEqual([]);
    expect(describeSignals(['honeypot', 'unknown_ddd'])).toBe(
      'campo oculto preenchido, DDD inexistente',
    );
    expect(describeSignals('no_signals,burst')).toBe(
      'enviada sem o formulário, rajada da mesma campanha',
    );
    expect(describeSignals('fast_fill,unknown')).toBe('preenchida em menos de 3 s');
    expect(describeSignals(null)).toBe('');
  });
});
