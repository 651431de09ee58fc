import { describe, expect, it } from 'vitest';
import type { Lead } from './lead';
import { filterLeads, indexLeads } from './lead-list-view';
import {
  counterClauses,
  duplicateClauses,
  filterJobs,
  isWholeList,
  leadListClauses,
  heldClauses,
  leadMatches,
  withStatus,
} from './lead-query';
import { aLead } from './testing/lead-samples';

/** Lead `id`: created on the 20+id of November, its phone ending in 000{id}. */
const lead = (id: string, overrides: Partial<Lead> = {}): Lead =>
  aLead({
    id,
    whatsapp: `(79) 90000-000${id}`,
    created_at: new Date(2026, 10, 20 + Number(id)),
    ...overrides,
  });

const leads = [
  lead('1', { nome: 'Érica Conceição', status: 'principal' }),
  lead('2', { nome: 'Bruno Lima', vaga: 'Aux Serraria', assigned_to: 'eu@vagas.test' }),
  lead('3', { nome: 'Carla', last_contacted_at: new Date(), assigned_to: 'eu@vagas.test' }),
  lead('4', { nome: 'Na Lixeira', deleted_at: new Date() }),
  lead('5', { nome: 'Robô', status: 'suspeito' }),
];
const ids = (clauses: ReturnType<typeof leadListClauses>) =>
  leads.filter((l) => leadMatches(l, clauses)).map((l) => l.id);

describe('the Leads tab query clauses', () => {
  it('no filter: the active leads only, not those set aside, the whole list', () => {
    const clauses = leadListClauses({ status: 'todos', vaga: 'todas', search: '  ' });
    expect(clauses).toEqual([
      { field: 'deleted_at', op: '==', value: null },
      { field: 'status', op: 'in', value: ['novo', 'principal', 'separado', 'descartado'] },
    ]);
    expect(isWholeList(clauses)).toBe(true);
    expect(ids(clauses)).toEqual(['1', '2', '3']);
    // The counters leave them out too; 'Suspeitos' is just them.
    expect(ids([...counterClauses.total])).toEqual(['1', '2', '3']);
    expect(ids([...heldClauses])).toEqual(['5']);
  });

  it('each filter is one equality, the search one array-contains, the period a range', () => {
    const from = new Date(2026, 10, 21);
    const until = new Date(2026, 10, 23);
    const clauses = leadListClauses({
      status: 'novo',
      vaga: 'Aux Serraria',
      assignedTo: 'eu@vagas.test',
      notContacted: true,
      search: 'ÉRICA  Conc',
      from,
      until,
    });
    expect(clauses).toEqual([
      { field: 'deleted_at', op: '==', value: null },
      { field: 'status', op: '==', value: 'novo' },
      { field: 'vaga', op: '==', value: 'Aux Serraria' },
      { field: 'assigned_to', op: '==', value: 'eu@vagas.test' },
      { field: 'contacted', op: '==', value: false },
      { field: 'search_keys', op: 'array-contains', value: 'erica conc' },
      { field: 'created_at', op: '>=', value: from },
      { field: 'created_at', op: '<', value: until },
    ]);
    expect(isWholeList(clauses)).toBe(false);
  });

  it('select the same leads as the in-memory filters did (word-prefix search aside)', () => {
    const cases = [
      { status: 'principal' as const },
      { vaga: 'Aux Serraria' },
      { assignedTo: 'eu@vagas.test' },
      { assignedTo: 'eu@vagas.test', notContacted: true },
      { search: 'erica' },
      { search: 'lima' },
      { search: '0003' },
      { from: new Date(2026, 10, 22), until: new Date(2026, 10, 23) },
    ];
    const index = indexLeads(leads.filter((l) => l.deleted_at === null));
    for (const criteria of cases) {
      expect(ids(leadListClauses(criteria))).toEqual(filterLeads(index, criteria).map((l) => l.id));
    }
    // The differences: a search matches from the start of a word, and words in any order.
    expect(filterLeads(index, { search: 'rica' }).map((l) => l.id)).toEqual(['1']);
    expect(ids(leadListClauses({ search: 'rica' }))).toEqual([]);
    expect(filterLeads(index, { search: 'conceicao erica' }).map((l) => l.id)).toEqual([]);
    expect(ids(leadListClauses({ search: 'conceicao erica' }))).toEqual(['1']);
    expect(ids(leadListClauses({ search: '+55 79 90000-0001' }))).toEqual(['1']);
  });

  it('the qualified export narrows to principal, or to nothing under another status', () => {
    expect(ids(withStatus(leadListClauses({}), 'principal')!)).toEqual(['1']);
    expect(withStatus(leadListClauses({ status: 'principal' }), 'principal')).toHaveLength(2);
    expect(withStatus(leadListClauses({ status: 'novo' }), 'principal')).toBeNull();
    expect(ids(counterClauses.principal)).toEqual(['1']);
  });

  it('duplicates: one in query over the distinct phones on screen, at most 30', () => {
    expect(duplicateClauses(['', ''])).toBeNull();
    expect(duplicateClauses(['2', '1', '2'])).toEqual([
      { field: 'deleted_at', op: '==', value: null },
      { field: 'phone_key', op: 'in', value: ['1', '2'] },
    ]);
    const many = Array.from({ length: 40 }, (_, i) => String(100 + i));
    expect(duplicateClauses(many)![1]!.value).toHaveLength(30);
  });

  it('the job filter offers every job of both forms, sorted', () => {
    expect(filterJobs).toContain('Aux Serraria');
    expect(filterJobs.some((job) => job.startsWith('['))).toBe(true);
    expect([...filterJobs].sort((a, b) => a.localeCompare(b, 'pt-BR'))).toEqual(filterJobs);
  });
});
