/**
 * A Lixeira source over a list in memory, with the server's semantics (trashed leads only,
 * newest deletion first, the search by the stored search keys, pages, the found count): the unit
 * tests render the tab over it. Not used by the app.
 */
import type { FirestoreError } from 'firebase/firestore';
import { useMemo } from 'react';
import type { Lead } from '@/domain/lead';
import { leadKeys } from '@vagas/common';
import type { TrashListData, TrashSource } from '../hooks/trash-source';

function matching(leads: readonly Lead[], search: string | null): Lead[] {
  return leads
    .filter((lead) => lead.deleted_at !== null && lead.deleted_at !== undefined)
    .filter(
      (lead) => search === null || leadKeys(lead.nome, lead.whatsapp).search_keys.includes(search),
    )
    .sort((a, b) => (b.deleted_at?.getTime() ?? 0) - (a.deleted_at?.getTime() ?? 0));
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
    useList({ search, page, size }) {
      return useMemo((): TrashListData => {
        if (loading)
          return { page: { status: 'loading', rows: [], error: null, full: false }, found: null };
        if (error) return { page: { status: 'error', rows: [], error, full: false }, found: null };
        const all = matching(leads, search);
        const rows = all.slice((page - 1) * size, page * size);
        return {
          page: { status: 'success', rows, error: null, full: rows.length >= size },
          found: all.length,
        };
      }, [search, page, size]);
    },
    fetchIds: async (search) => matching(leads, search).map((lead) => lead.id),
  };
}
