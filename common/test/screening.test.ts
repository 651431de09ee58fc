import { describe, expect, test } from 'vitest';
import {
  heldStatus,
  isHeld,
  leadSignals,
  screeningLimits,
  screeningScore,
  writeTimeSignals,
} from '../src/screening.js';

const page = { whatsapp: '(75) 98123-4567', honeypot: '', fill_seconds: 40 };

describe('the screening signals', () => {
  test('an application as a person sends it shows none and is not held', () => {
    expect(leadSignals(page)).toEqual([]);
    expect(isHeld(leadSignals(page))).toBe(false);
    expect(heldStatus).toBe('suspeito');
  });

  test('a filled honeypot or a DDD not in use is told at write time, and holds alone', () => {
    expect(writeTimeSignals({ ...page, honeypot: 'http://spam' })).toEqual(['honeypot']);
    expect(writeTimeSignals({ ...page, whatsapp: '(20) 98123-4567' })).toEqual(['unknown_ddd']);
    expect(isHeld(['honeypot'])).toBe(true);
    expect(isHeld(['unknown_ddd'])).toBe(true);
    // The write-time signals are the ones the rules check: no others.
    expect(writeTimeSignals({ whatsapp: '(75) 98123-4567' })).toEqual([]);
  });

  test('a lead without any signal (a script, an older page) holds alone', () => {
    expect(leadSignals({ whatsapp: '(75) 98123-4567' })).toEqual(['no_signals']);
    expect(isHeld(['no_signals'])).toBe(true);
    // One signal sent is enough to be a page's.
    expect(leadSignals({ whatsapp: '(75) 98123-4567', fill_seconds: 10 })).toEqual([]);
  });

  test('a fast fill or a burst alone is not held; both together are', () => {
    const fast = { ...page, fill_seconds: screeningLimits.minFillSeconds - 1 };
    expect(leadSignals(fast)).toEqual(['fast_fill']);
    expect(leadSignals({ ...page, fill_seconds: screeningLimits.minFillSeconds })).toEqual([]);
    expect(isHeld(['fast_fill'])).toBe(false);
    expect(isHeld(['burst'])).toBe(false);
    expect(isHeld(['fast_fill', 'burst'])).toBe(true);
    expect(screeningScore(['honeypot', 'fast_fill'])).toBe(3);
  });
});
