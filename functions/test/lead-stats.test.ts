// What each change of a lead does to the counters the panel and Relatórios show: the deltas
// from the lead before and after a write, and where a capped map's count goes.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  activeByJobDelta,
  countedLead,
  dailyStatsDeltas,
  leadsStatsDelta,
  placeCapped,
  placeJobs,
  type DayDelta,
} from '../src/lead-stats.js';

/** 10:00 in São Paulo on 26 Nov 2026. */
const created = Timestamp.fromDate(new Date('2026-11-26T13:00:00Z'));

function lead(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Ana Souza',
    vaga: 'Aux Serraria',
    cidade: 'Conceição do Coité',
    status: 'novo',
    created_at: created,
    deleted_at: null,
    ...overrides,
  };
}

const change = (before?: Record<string, unknown>, after?: Record<string, unknown>) => {
  const [was, is] = [countedLead(before), countedLead(after)];
  return { leads: leadsStatsDelta(was, is), days: Object.fromEntries(dailyStatsDeltas(was, is)) };
};

const day = (fields: Partial<DayDelta>): DayDelta => ({
  total: 0,
  vaga: {},
  cidade: {},
  status: {},
  sourced: 0,
  source: {},
  sourceFbclidOnly: 0,
  sourceNoUtm: 0,
  campaign: {},
  ...fields,
});

describe('the counters of one change of a lead', () => {
  it('a new lead counts once in its status, its job and its São Paulo day', () => {
    expect(change(undefined, lead())).toEqual({
      leads: { active: { novo: 1 }, trashed: 0, vagaAllTime: { 'Aux Serraria': 1 } },
      days: {
        '2026-11-26': day({
          total: 1,
          vaga: { 'Aux Serraria': 1 },
          cidade: { 'Conceição do Coité': 1 },
          status: { novo: 1 },
        }),
      },
    });
  });

  it('a lead sent at 23:30 in São Paulo counts that day, not the UTC one', () => {
    const late = lead({ created_at: Timestamp.fromDate(new Date('2026-11-27T02:30:00Z')) });
    expect(Object.keys(change(undefined, late).days)).toEqual(['2026-11-26']);
  });

  it('a status change moves one lead between statuses, in the panel and in its day', () => {
    expect(change(lead(), lead({ status: 'principal' }))).toEqual({
      leads: { active: { novo: -1, principal: 1 }, trashed: 0, vagaAllTime: {} },
      days: { '2026-11-26': day({ status: { novo: -1, principal: 1 } }) },
    });
  });

  it('the trash takes the lead from its status into the Lixeira; its day still counts it', () => {
    const trashed = lead({ status: 'separado', deleted_at: created });
    expect(change(lead({ status: 'separado' }), trashed)).toEqual({
      leads: { active: { separado: -1 }, trashed: 1, vagaAllTime: {} },
      days: {},
    });
    expect(change(trashed, lead({ status: 'separado' })).leads).toEqual({
      active: { separado: 1 },
      trashed: -1,
      vagaAllTime: {},
    });
  });

  it('a lead deleted for good leaves every counter, from the trash or not', () => {
    expect(change(lead({ deleted_at: created }), undefined)).toEqual({
      leads: { active: {}, trashed: -1, vagaAllTime: { 'Aux Serraria': -1 } },
      days: {
        '2026-11-26': day({
          total: -1,
          vaga: { 'Aux Serraria': -1 },
          cidade: { 'Conceição do Coité': -1 },
          status: { novo: -1 },
        }),
      },
    });
    expect(change(lead(), undefined).leads.active).toEqual({ novo: -1 });
  });

  it('a held lead released moves from Suspeitos to the list', () => {
    expect(change(lead({ status: 'suspeito' }), lead({ status: 'novo' })).leads.active).toEqual({
      suspeito: -1,
      novo: 1,
    });
  });

  it('a new created_at on another day moves the lead between the two days', () => {
    const next = lead({ created_at: Timestamp.fromDate(new Date('2026-11-27T13:00:00Z')) });
    const { leads, days } = change(lead(), next);
    expect(leads).toEqual({ active: {}, trashed: 0, vagaAllTime: {} });
    expect(days['2026-11-26']?.total).toBe(-1);
    expect(days['2026-11-27']?.total).toBe(1);
  });

  it('a form retry on the same day (created_at re-stamped) changes nothing', () => {
    const retry = lead({ created_at: Timestamp.fromDate(new Date('2026-11-26T13:05:00Z')) });
    expect(change(lead(), retry)).toEqual({
      leads: { active: {}, trashed: 0, vagaAllTime: {} },
      days: {},
    });
  });

  it('a new job moves the lead between jobs, all time and in its day', () => {
    const { leads, days } = change(lead(), lead({ vaga: 'Aux Produção' }));
    expect(leads.vagaAllTime).toEqual({ 'Aux Serraria': -1, 'Aux Produção': 1 });
    expect(days['2026-11-26']?.vaga).toEqual({ 'Aux Serraria': -1, 'Aux Produção': 1 });
  });

  it('a source counts by utm_source, else by fbclid, else as without utm; campaigns apart', () => {
    const sources = [
      { utm_source: 'face book.com', utm_campaign: 'Black Friday', fbclid: true },
      { fbclid: true },
      { fbclid: false },
      { utm_campaign: 'só campanha', fbclid: false },
    ];
    const counts = sources.map((source) => change(undefined, lead({ source })).days['2026-11-26']);
    expect(counts.map((d) => [d?.sourced, d?.source, d?.sourceFbclidOnly, d?.sourceNoUtm])).toEqual(
      [
        [1, { 'face book.com': 1 }, 0, 0],
        [1, {}, 1, 0],
        [1, {}, 0, 1],
        [1, {}, 0, 1],
      ],
    );
    expect(counts.map((d) => d?.campaign)).toEqual([
      { 'Black Friday': 1 },
      {},
      {},
      { 'só campanha': 1 },
    ]);
    expect(change(undefined, lead()).days['2026-11-26']?.sourced).toBe(0);
  });

  it('an edit that moves no counter (a contact, the keys) gives no delta at all', () => {
    const { leads, days } = change(lead(), lead({ contacted: true, search_keys: ['ana'] }));
    expect(leads).toEqual({ active: {}, trashed: 0, vagaAllTime: {} });
    expect(days).toEqual({});
  });

  it('a lead without cidade counts in no town', () => {
    const { cidade, ...rest } = lead();
    void cidade;
    expect(change(undefined, rest).days['2026-11-26']?.cidade).toEqual({});
  });
});

describe('a day map of at most 500 keys', () => {
  const full = new Set(Array.from({ length: 500 }, (_, i) => `fonte-${i}`));

  it('a key already there is counted there, even in a full map', () => {
    expect(placeCapped(full, { 'fonte-7': 1 })).toEqual({ counts: { 'fonte-7': 1 }, other: 0 });
  });

  it('the 501st distinct key is counted as other, and so is its later decrement', () => {
    expect(placeCapped(full, { nova: 1 })).toEqual({ counts: {}, other: 1 });
    expect(placeCapped(full, { nova: -1 })).toEqual({ counts: {}, other: -1 });
  });

  it('a new key joins while there is room; only as many as fit', () => {
    const almost = new Set([...full].slice(0, 499));
    expect(placeCapped(almost, { b: 1, a: 1 })).toEqual({ counts: { a: 1 }, other: 1 });
  });

  it('a key Firestore refuses as a field name is counted as other', () => {
    expect(placeCapped(new Set(), { __name__: 1 })).toEqual({ counts: {}, other: 1 });
  });
});

describe("the active leads per job and status (the panel's filtered counts)", () => {
  const jobs = (before?: Record<string, unknown>, after?: Record<string, unknown>) =>
    activeByJobDelta(countedLead(before), countedLead(after));

  it('a new lead counts in its job and status; a status change moves it within its job', () => {
    expect(jobs(undefined, lead())).toEqual({ 'Aux Serraria': { novo: 1 } });
    expect(jobs(lead(), lead({ status: 'separado' }))).toEqual({
      'Aux Serraria': { novo: -1, separado: 1 },
    });
  });

  it('a new job moves the lead between jobs, its status kept', () => {
    expect(
      jobs(lead({ status: 'principal' }), lead({ status: 'principal', vaga: 'Aux Produção' })),
    ).toEqual({ 'Aux Serraria': { principal: -1 }, 'Aux Produção': { principal: 1 } });
  });

  it('the trash takes the lead out of its job, a restore puts it back; a held lead counts as held', () => {
    const trashed = lead({ deleted_at: created });
    expect(jobs(lead(), trashed)).toEqual({ 'Aux Serraria': { novo: -1 } });
    expect(jobs(trashed, lead())).toEqual({ 'Aux Serraria': { novo: 1 } });
    expect(jobs(trashed, undefined)).toEqual({});
    expect(jobs(undefined, lead({ status: 'suspeito' }))).toEqual({
      'Aux Serraria': { suspeito: 1 },
    });
  });

  it('an edit that moves no counter gives no job delta', () => {
    expect(jobs(lead(), lead({ contacted: true }))).toEqual({});
  });
});

describe('a job map of at most 500 jobs', () => {
  const full = new Set(Array.from({ length: 500 }, (_, i) => `vaga-${i}`));

  it('a job already there takes its change, increments or decrements, even in a full map', () => {
    expect(placeJobs(full, { 'vaga-3': { novo: -1, principal: 1 } })).toEqual({
      'vaga-3': { novo: -1, principal: 1 },
    });
  });

  it('the 501st job is left out (the panel counts it), before and after', () => {
    expect(placeJobs(full, { nova: { novo: 1 } })).toEqual({});
    expect(placeJobs(full, { nova: { novo: -1 } })).toEqual({});
  });

  it('a new job joins with its first leads while there is room, only as many as fit', () => {
    const almost = new Set([...full].slice(0, 499));
    expect(placeJobs(almost, { b: { novo: 1 }, a: { novo: 1 } })).toEqual({ a: { novo: 1 } });
  });

  it('a decrement that comes before its increment joins too, so the two add up to 0', () => {
    expect(placeJobs(new Set(), { a: { novo: -1, principal: 1 } })).toEqual({
      a: { novo: -1, principal: 1 },
    });
    expect(placeJobs(new Set(), { __name__: { novo: 1 } })).toEqual({});
  });
});
