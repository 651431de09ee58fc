/**
 * The open jobs and localities a form offers. First what the page was prerendered with (the lists
 * at build time, from its boot data) or, on a page not prerendered, the lead table's seed
 * (undefined: lead-form.ts falls back to it); then, once the page has loaded and is idle, the lists
 * as they are now, read from the form's public list with Firestore Lite: a job an admin closed since
 * the build is no longer offered, one they opened is. Only the selects' lists change (they are
 * drawn when opened), so nothing on the page moves.
 */
import { useEffect, useState } from 'react';
import type { LeadForm } from '@/domain/lead';
import type { OpenLists } from '@/domain/lead-form';
import { withTimeout } from '@/domain/timeout';
import { afterLoadWhenIdle } from '@/lib/page/when-idle';
import { prerenderedLists } from '@/lib/prerender/page-lists';

/** A read that has not answered after this long keeps the lists the page has. */
const readTimeoutMs = 10_000;

export function useOpenLists(form: LeadForm): OpenLists | undefined {
  const [lists, setLists] = useState(() => prerenderedLists(form));
  useEffect(() => {
    let active = true;
    const cancel = afterLoadWhenIdle(() => {
      import('@/data/open-vacancies')
        .then(({ readOpenLists }) => withTimeout(readOpenLists(form), readTimeoutMs, 'lists'))
        .then(
          (read) => {
            if (active && read) setLists(read);
          },
          // Offline, or the read failed: the lists the page has stay (the rules decide at send).
          (error: unknown) => console.warn('[vagas] lists not read', error),
        );
    });
    return () => {
      active = false;
      cancel();
    };
  }, [form]);
  return lists;
}
