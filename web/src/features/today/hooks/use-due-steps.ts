/**
 * What 'Para hoje' shows: the active leads whose next step is due by the end of today (late ones
 * first), for the signed-in admin or for everyone, live, `size` at a time; and how many there are
 * (counted on the server when the view opens and again after each change it sees).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFirestore } from 'reactfire';
import { useCounts } from '@/data/counts';
import { useLiveQuery, type LiveState } from '@/data/live';
import { countDueSteps, dueStepsQuery, type StepOwner } from '@/data/next-step-reads';
import type { Lead } from '@/domain/lead';
import { stepsPerPage } from '@/features/today/page-size';

export interface DueSteps {
  leads: LiveState<Lead[]>;
  /** How many are due by the end of the day (null: counting). */
  total: number | null;
  /** Whether more than the ones shown may be due. */
  more: boolean;
  showMore: () => void;
}

/** `until`: the end of today (a new day gives a new query). */
export function useDueSteps(owner: StepOwner, until: Date): DueSteps {
  const db = useFirestore();
  const untilMs = until.getTime();
  const key = `${owner ?? ''}@${untilMs}`;
  const [shown, setShown] = useState({ key, size: stepsPerPage });
  const size = shown.key === key ? shown.size : stepsPerPage;
  const stepsQuery = useMemo(
    () => dueStepsQuery(db, new Date(untilMs), owner, size),
    [db, untilMs, owner, size],
  );
  const leads = useLiveQuery(stepsQuery);
  // Counted again after each snapshot: a step done, added or moved here or by a colleague.
  const [epoch, setEpoch] = useState(0);
  const seen = useRef(leads.data);
  useEffect(() => {
    if (leads.data && leads.data !== seen.current) setEpoch((n) => n + 1);
    seen.current = leads.data;
  }, [leads.data]);
  // Counted once the steps' first answer is drawn: counted beside it, the count's request and
  // render came between the view's first answer and its first click.
  const answered = leads.status !== 'loading';
  const lists = useMemo(
    () => (answered ? { due: { owner, untilMs } } : null),
    [answered, owner, untilMs],
  );
  const counts = useCounts(
    lists,
    ({ owner: whose, untilMs: end }) => countDueSteps(db, new Date(end), whose),
    epoch,
    800,
    (error) => console.error('Next steps count failed', error),
  );
  return {
    leads,
    total: counts?.due ?? null,
    more: (leads.data?.length ?? 0) >= size,
    showMore: () => setShown({ key, size: size + stepsPerPage }),
  };
}
