/**
 * How many leads are held, for the 'Suspeitos (N)' entry (data/use-stats-count.ts). Without
 * `stats/leads` it is counted again when the newest held lead changes (a lead set aside), and when
 * `refreshKey` changes (the panel passes the arrivals' held epoch: a lead it saw released).
 */
import { useMemo } from 'react';
import { useFirestore } from 'reactfire';
import { countHeldLeads, newestHeldQuery } from '@/data/held-leads';
import { usePanelCounts } from '@/data/lead-stats';
import { useLiveLeads } from '@/data/use-live-leads';
import { useStatsCount, type StatsCount } from '@/data/use-stats-count';

/** `refreshKey` null: not yet. `count` is null until the first count has answered. */
export function useHeldCount(refreshKey: unknown): StatsCount {
  const db = useFirestore();
  // The newest held lead is only watched while counting: `stats/leads` is live already.
  const counting = usePanelCounts(db).status === 'missing';
  const newestQuery = useMemo(() => newestHeldQuery(db), [db]);
  const watched = refreshKey === null || !counting ? null : newestQuery;
  const newest = useLiveLeads(watched).data[0]?.id ?? null;
  return useStatsCount('held', countHeldLeads, refreshKey, newest);
}
