/**
 * A Leads tab source over a list in memory, with the server's semantics (domain/lead-query.ts
 * `leadMatches`, the same clauses, created_at order, pages, counts, duplicates): the unit tests
 * render the tab over it. Not used by the app.
 */
import { useMemo } from 'react';
import type { Lead } from '@/domain/lead';
import { normalizeSearchText, phoneKeyOf } from '@vagas/common';
import { countLeads } from '@/domain/lead-list-view';
import { leadMatches, withStatus, type LeadClause, type LeadOrder } from '@/domain/lead-query';
import type { LeadSort } from '@/data/lead-list-reads';
import type { LeadListData, LeadListRequest, LeadSource } from '../hooks/lead-source';

/** A stored value as the server orders it: dates by time, strings by code point (not pt-BR). */
function compareStored(a: unknown, b: unknown): number {
  if (a instanceof Date || b instanceof Date) {
    return ((a as Date | null)?.getTime() ?? 0) - ((b as Date | null)?.getTime() ?? 0);
  }
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

function matching(
  leads: readonly Lead[],
  clauses: readonly LeadClause[],
  sort: LeadOrder | LeadSort = 'desc',
) {
  const { field, order } =
    typeof sort === 'string' ? { field: 'created_at' as const, order: sort } : sort;
  // A column pinned by an equality filter is served in created_at order (data/lead-list-reads.ts).
  const pinned = clauses.some((c) => c.field === field && c.op === '==');
  const by = pinned ? 'created_at' : field;
  const sign = pinned || order === 'desc' ? -1 : 1;
  // 'Nome' is stored sorted by its normalised key (data/lead-list-reads.ts).
  const value = (lead: Lead) => (by === 'nome' ? normalizeSearchText(lead.nome) : lead[by]);
  return leads
    .filter((lead) => leadMatches(lead, clauses))
    .sort((a, b) => sign * compareStored(value(a), value(b)));
}

/** What the server would answer `request` over `leads` (`counting`: the counts are not there yet). */
export function memoryList(
  leads: readonly Lead[],
  { clauses, order, page, size }: LeadListRequest,
  counting = false,
): LeadListData {
  const active = leads.filter((lead) => lead.deleted_at === null);
  const all = clauses ? matching(leads, clauses, order) : [];
  const rows = all.slice((page - 1) * size, page * size);
  const qualifiedClauses = clauses && withStatus(clauses, 'principal');
  const byPhone = new Map<string, number>();
  for (const lead of active) {
    const key = phoneKeyOf(lead.whatsapp);
    byPhone.set(key, (byPhone.get(key) ?? 0) + 1);
  }
  return {
    page: { status: 'success', rows, error: null, full: rows.length >= size },
    counts: counting ? null : countLeads(active),
    listed: counting ? null : all.length,
    qualified: counting ? null : qualifiedClauses ? matching(leads, qualifiedClauses).length : 0,
    duplicates: new Set(
      rows.map((lead) => phoneKeyOf(lead.whatsapp)).filter((key) => (byPhone.get(key) ?? 0) > 1),
    ),
  };
}

const loadingList: LeadListData = {
  page: { status: 'loading', rows: [], error: null, full: false },
  counts: null,
  listed: null,
  qualified: null,
  duplicates: new Set(),
};

/** `loading`: the first rows never come; `counting`: the counts never come. */
export function memoryLeadSource(
  leads: readonly Lead[],
  { loading = false, counting = false } = {},
): LeadSource {
  return {
    useList(request: LeadListRequest) {
      const { clauses, order, page, size } = request;
      return useMemo(
        () => (loading ? loadingList : memoryList(leads, { ...request }, counting)),
        // The request's other members (callbacks, epoch) change no answer.
        // eslint-disable-next-line react-hooks/exhaustive-deps
        [leads, clauses, order, page, size],
      );
    },
    useGone(ids, clauses) {
      return useMemo(() => {
        const byId = new Map(leads.map((lead) => [lead.id, lead]));
        return new Set(
          ids.filter((id) => {
            const lead = byId.get(id);
            return !clauses || !lead || !leadMatches(lead, clauses);
          }),
        );
        // A new source (the test's rerender) is a new list.
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, [leads, ids, clauses]);
    },
    fetch: async (clauses, order) => matching(leads, clauses, order),
  };
}
