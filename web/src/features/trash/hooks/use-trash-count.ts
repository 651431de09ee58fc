/**
 * How many leads are in the trash, for the 'Lixeira (N)' label (data/use-stats-count.ts). Without
 * `stats/leads` it is counted again when `refreshKey` changes: the panel passes the active list,
 * so another admin's trash/restore shows.
 */
import { countTrashedLeads } from '@/data/leads';
import { useStatsCount, type StatsCount } from '@/data/use-stats-count';

/** `refreshKey` null: not yet (e.g. while the active list is still loading). */
export function useTrashCount(refreshKey?: unknown): StatsCount {
  return useStatsCount('trashed', countTrashedLeads, refreshKey);
}
