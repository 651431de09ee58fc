/**
 * The open jobs and localities a form offers. First what the page was prerendered with (the lists
 * at build time, from its boot data) or, on a page not prerendered, the seed; then, once the page
 * has loaded and is idle, the lists as they are now, read from Firestore Lite: a job an admin
 * closed since the build is no longer offered, one they opened is. Only the selects' lists
 * change (they are drawn when opened), so nothing on the page moves.
 */
import { useEffect, useState } from 'react';
import type { LeadForm } from '@/domain/lead';
import type { OpenLists } from '@/domain/lead-form';
import { withTimeout } from '@/domain/timeout';
import { seedLists } from '@/domain/vacancies';
import { afterLoadWhenIdle } from '@/lib/page/when-idle';
import { prerenderedLists } from '@/lib/prerender/page-lists';

/** A read that has not answered after this long keeps the lists the page has. */
const readTimeoutMs = 10_000;

/** The lists read in this page's life, by form (a page opened again shows them at once). */
const current = new Map<LeadForm, Promise<OpenLists>>();

/** `form`'s open lists as they are now (read once per page load). */
function readCurrentLists(form: LeadForm): Promise<OpenLists> {
  let lists = current.get(form);
  if (!lists) {
    lists = Promise.all([import('@/data/open-vacancies'), import('@/lib/firebase/firestore-lite')])
      .then(([{ readOpenLists }, { firestoreLite }]) =>
        withTimeout(readOpenLists(firestoreLite, form), readTimeoutMs, 'open lists'),
      )
      .catch((error: unknown) => {
        current.delete(form);
        throw error;
      });
    current.set(form, lists);
  }
  return lists;
}

/** Forgets the lists read so far (tests: each starts as a new page load). */
export function forgetCurrentLists(): void {
  current.clear();
}

export function useOpenLists(form: LeadForm): OpenLists {
  const [lists, setLists] = useState<OpenLists>(() => prerenderedLists(form) ?? seedLists(form));
  useEffect(() => {
    let active = true;
    const cancel = afterLoadWhenIdle(() => {
      readCurrentLists(form).then(
        (read) => {
          if (active) setLists(read);
        },
        // Offline, or the read failed: the lists the page has stay (the rules decide at send).
        (error: unknown) => console.warn(`[vagas] the ${form} form's lists were not read`, error),
      );
    });
    return () => {
      active = false;
      cancel();
    };
  }, [form]);
  return lists;
}
