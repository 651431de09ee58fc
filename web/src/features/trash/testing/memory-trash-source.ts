/**
 * A Lixeira source over a list in memory, with the server's semantics (trashed leads only,
 * newest deletion first, the search by the stored search keys, a batch, pages, the found count): the unit
 * tests render the tab over it. Not used by the app.
 */
import type { FirestoreError } from 'firebase/firestore';
import { useMemo } from 'react';
import type { Lead } from '@/domain/lead';
import { leadKeys } from '@vagas/common';
import {
  filterKey,
  type TrashBatch,
  type TrashFilter,
  type TrashListData,
  type TrashSource,
} from '../hooks/trash-source';

function matching(leads: readonly Lead[], filter: TrashFilter): Lead[] {
  return leads
    .filter((lead) => lead.deleted_at !== null && lead.deleted_at !== undefined)
    .filter((lead) =>
      'batch' in filter
        ? lead.trash_batch === filter.batch
        : filter.search === null ||
          leadKeys(lead.nome, lead.whatsapp).search_keys.includes(filter.search),
    )
    .sort((a, b) => (b.deleted_at?.getTime() ?? 0) - (a.deleted_at?.getTime() ?? 0));
}

/** The batches of the trashed leads, newest id first, with their counts. */
function batchesOf(leads: readonly Lead[]): TrashBatch[] {
  const ids = [...new Set(matching(leads, { search: null }).map((lead) => lead.trash_batch))];
  return ids
    .filter((id): id is string => typeof id === 'string')
    .sort()
    .reverse()
    .map((id) => {
      const inBatch = matching(leads, { batch: id });
      return { id, at: inBatch.at(-1)?.deleted_at ?? null, count: inBatch.length };
    });
}

export interface MemoryTrashOptions {
  /** The first rows never come. */
  loading?: boolean;
  /** The listener is refused. */
  error?: FirestoreError;
}

export function memoryTrashSource(
  leads: readonly Lead[],
  { loading = false, error }: MemoryTrashOptions = {},
): TrashSource {
  return {
    useList({ filter, page, size }) {
      const key = filterKey(filter);
      return useMemo((): TrashListData => {
        if (loading)
          return { page: { status: 'loading', rows: [], error: null, full: false }, found: null };
        if (error) return { page: { status: 'error', rows: [], error, full: false }, found: null };
        const all = matching(leads, filter);
        const rows = all.slice((page - 1) * size, page * size);
        return {
          page: { status: 'success', rows, error: null, full: rows.length >= size },
          found: all.length,
        };
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, [key, page, size]);
    },
    fetchIds: async (filter) => matching(leads, filter).map((lead) => lead.id),
    fetchBatches: async () => batchesOf(leads),
  };
}
