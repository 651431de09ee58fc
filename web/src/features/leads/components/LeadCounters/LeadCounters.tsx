/**
 * The four counters over the active leads (count aggregations, see data/lead-list-reads.ts): Total de
 * Leads, Principais, Separados, Descartados. Plain elements drawn like Mantine's Paper and Text
 * (LeadCounters.module.css): they are on the panel's first screen and drawn again as the counts
 * arrive, while the admin's first click waits (web/README.md, "The panel's open on a slow phone").
 */
import { memo } from 'react';
import { formatCount } from '@/domain/format';
import type { LeadCounts } from '@/domain/lead-list-view';
import { leadsTexts } from '@/features/leads/messages';
import classes from './LeadCounters.module.css';

const items = [
  ['total', leadsTexts.counters.total],
  ['principal', leadsTexts.counters.principal],
  ['separado', leadsTexts.counters.separado],
  ['descartado', leadsTexts.counters.descartado],
] as const;

/** `counts`: null while counting (each counter shows '…'). Memoised: drawn again when they change. */
export const LeadCounters = memo(function LeadCounters({ counts }: { counts: LeadCounts | null }) {
  return (
    <div className={classes.grid}>
      {items.map(([key, label]) => (
        <div key={key} className={classes.card} role="group" aria-label={label}>
          <p className={classes.label}>{label}</p>
          <p className={classes.value} data-color={key} data-testid={`counter-${key}`}>
            {counts ? formatCount(counts[key]) : '…'}
          </p>
        </div>
      ))}
    </div>
  );
});
