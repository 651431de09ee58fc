/**
 * The Leads tab's first page (the address's filters and order: a reload or a link sent by a
 * colleague opens on it), listened to from the moment a session
 * whose ID token claims admin is known, before the panel has rendered: the Firestore
 * connection and the query run while the panel's code renders, instead of after it. When the tab
 * listens to the same query, the SDK serves it from this listener's target (one target, no second
 * read). The panel releases it once its own listeners are attached; an unused one is released
 * after `unusedLimitMs`, and at sign-out.
 *
 * Nothing is shown from here: it only warms the SDK's cache. The security rules refuse the read to
 * a session that is not admin (the error is dropped: the tab reports its own).
 */
import { onAuthStateChanged, type Auth, type User } from 'firebase/auth';
import { limit, query, type Firestore, type Query } from 'firebase/firestore';
import { pageSize } from '@/components/ListPager/use-paged';
import { leadListQuery, servedSort } from '@/data/lead-list-reads';
import { listen } from '@/data/live';
import type { Lead } from '@/domain/lead';
import { listViewOf, openingListClauses } from '@/features/leads';

/** How long a listener nobody took over is kept (a panel chunk loaded but never shown). */
export const unusedLimitMs = 30_000;

/**
 * The first page the Leads tab opens with at the address whose query is `search`: its filters and
 * order, one page; null when there is nothing to listen to early (a later page, whose cursor is
 * not known yet, or 'Meus leads' before the admin is known).
 */
export function firstPageQuery(db: Firestore, search = ''): Query<Lead> | null {
  const view = listViewOf(new URLSearchParams(search));
  const clauses = openingListClauses(view.filters);
  if (!clauses || view.page !== 1) return null;
  return query(leadListQuery(db, clauses, servedSort(clauses, view.sort).sort), limit(pageSize));
}

let held: { uid: string; stop: () => void; timer: ReturnType<typeof setTimeout> } | null = null;

/** Stops the early listener, if any (the panel's own listeners keep the target when they share it). */
export function releaseFirstPage(): void {
  if (!held) return;
  clearTimeout(held.timer);
  held.stop();
  held = null;
}

async function listenIfAdmin(db: Firestore, user: User, search: string): Promise<void> {
  const { claims } = await user.getIdTokenResult();
  if (claims.admin !== true || held?.uid === user.uid) return;
  const first = firstPageQuery(db, search);
  if (!first) return;
  releaseFirstPage();
  const stop = listen(
    first,
    () => {},
    () => releaseFirstPage(),
  );
  held = { uid: user.uid, stop, timer: setTimeout(releaseFirstPage, unusedLimitMs) };
}

/**
 * Listens to the first page (of the address whose query is `search`) whenever the signed-in user's
 * token claims admin; released when the user signs out or changes. Returns the auth listener's
 * unsubscribe.
 */
export function listenToFirstPageEarly(auth: Auth, db: Firestore, search = ''): () => void {
  return onAuthStateChanged(auth, (user) => {
    if (held && held.uid !== user?.uid) releaseFirstPage();
    if (user) void listenIfAdmin(db, user, search).catch(() => undefined);
  });
}
