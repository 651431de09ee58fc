import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { droppedVerdict } from '../src/lead-screening.js';
import {
  burstWindowStart,
  campaignOf,
  isBurst,
  isTrustedWriter,
  repeatedLead,
  verdictOf,
} from '../src/screening.js';
import { leadChanges } from '../src/timeline.js';

const hour = 3_600_000;
const at = (ms: number) => Timestamp.fromMillis(ms);
const t0 = Date.UTC(2026, 10, 25, 12);
const application = (id: string, ms: number, overrides: Record<string, unknown> = {}) => ({
  id,
  vaga: 'Aux Serraria',
  created_at: at(ms),
  deleted_at: null,
  ...overrides,
});

describe('repeatedLead: the same number for the same job within 24 h', () => {
  it('is the earlier lead; a first application repeats none', () => {
    const first = application('a', t0);
    const again = application('b', t0 + 3 * hour);
    expect(repeatedLead(again, [first, again])).toBe('a');
    expect(repeatedLead(first, [first, again])).toBeNull();
  });

  it('only within 24 h of the earlier lead, for the same job, while it is active', () => {
    const late = application('b', t0 + 24 * hour + 1);
    expect(repeatedLead(late, [application('a', t0)])).toBeNull();
    expect(repeatedLead(application('b', t0 + 24 * hour), [application('a', t0)])).toBe('a');
    const other = application('b', t0 + hour, { vaga: 'Aux Eletricista' });
    expect(repeatedLead(other, [application('a', t0)])).toBeNull();
    const trashed = application('a', t0, { deleted_at: at(t0 + 1) });
    expect(repeatedLead(application('b', t0 + hour), [trashed])).toBeNull();
  });

  it('two or three copies together all choose the earliest, never each other', () => {
    const copies = [application('c', t0 + 2), application('a', t0), application('b', t0)];
    expect(repeatedLead(copies[0]!, copies)).toBe('a');
    expect(repeatedLead(copies[2]!, copies)).toBe('a');
    expect(repeatedLead(copies[1]!, copies)).toBeNull();
  });
});

describe('verdictOf: what counts against a new lead', () => {
  const page = { whatsapp: '(75) 98123-4567', honeypot: '', fill_seconds: 30, status: 'novo' };

  it('a person’s application: nothing, not held', () => {
    expect(verdictOf(page, false)).toEqual({ signals: [], held: false, stored: { score: 0 } });
  });

  it('held for a filled honeypot, a DDD not in use or no signals at all', () => {
    expect(verdictOf({ ...page, honeypot: 'x', status: 'suspeito' }, false)).toEqual({
      signals: ['honeypot'],
      held: true,
      stored: { score: 2, honeypot: true },
    });
    expect(verdictOf({ ...page, whatsapp: '(20) 98123-4567' }, false).held).toBe(true);
    expect(verdictOf({ whatsapp: page.whatsapp, status: 'novo' }, false)).toEqual({
      signals: ['no_signals'],
      held: true,
      stored: { score: 2, no_signals: true },
    });
  });

  it('a fast fill or a burst alone is noted, not held; together they hold', () => {
    expect(verdictOf({ ...page, fill_seconds: 1 }, false)).toEqual({
      signals: ['fast_fill'],
      held: false,
      stored: { score: 1, fast_fill: true },
    });
    expect(verdictOf(page, true).held).toBe(false);
    expect(verdictOf({ ...page, fill_seconds: 1 }, true)).toEqual({
      signals: ['fast_fill', 'burst'],
      held: true,
      stored: { score: 2, fast_fill: true, burst: true },
    });
  });

  it('a lead its page set aside stays so', () => {
    expect(verdictOf({ ...page, status: 'suspeito' }, false).held).toBe(true);
  });
});

describe('the rest of the screening', () => {
  it('trusts only the admin SDK', () => {
    expect(isTrustedWriter('service_account')).toBe(true);
    expect(isTrustedWriter('unauthenticated')).toBe(false);
    expect(isTrustedWriter('app_user')).toBe(false);
    expect(isTrustedWriter(undefined)).toBe(false);
  });

  it('counts a burst per campaign, over the last 5 minutes', () => {
    expect(campaignOf({ source: { utm_campaign: 'junho', fbclid: true } })).toBe('junho');
    expect(campaignOf({ source: { fbclid: true } })).toBeNull();
    expect(campaignOf({})).toBeNull();
    expect(isBurst(40)).toBe(false);
    expect(isBurst(41)).toBe(true);
    expect(burstWindowStart(at(t0))?.getTime()).toBe(t0 - 5 * 60_000);
    expect(burstWindowStart('ontem')).toBeNull();
  });

  it('gives back the verdict a form’s retry dropped, and nothing else', () => {
    const verdict = { score: 1, fast_fill: true };
    expect(droppedVerdict({ screening: verdict }, { nome: 'A' })).toEqual({ screening: verdict });
    expect(droppedVerdict({ screening: verdict }, { screening: verdict })).toBeNull();
    expect(droppedVerdict({}, {})).toBeNull();
  });
});

describe('leadChanges with the screening', () => {
  const lead = (status: string) => ({ status, created_at: at(t0), deleted_at: null });

  it('a release is its own entry; being set aside is the screening’s entry, not a status change', () => {
    expect(leadChanges(lead('suspeito'), lead('novo'))).toEqual([
      { kind: 'released', from: 'suspeito', to: 'novo', excerpt: null },
    ]);
    expect(leadChanges(lead('suspeito'), lead('principal'))[0]?.kind).toBe('released');
    expect(leadChanges(lead('novo'), lead('suspeito'))).toEqual([]);
    expect(leadChanges(lead('novo'), lead('principal'))[0]?.kind).toBe('status');
  });
});
