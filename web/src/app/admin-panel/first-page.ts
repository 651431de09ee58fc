/**
 * The Leads tab's first page (the address's filters and order: a reload or a link sent by a
 * colleague opens on it), listened to from the moment a session
 * whose ID token claims admin is known, before the panel has rendered: the Firestore
 * connection and the query run while the panel's code renders, instead of after it. When the tab
 * listens to the same query, the SDK serves it from this listener's target (one target, no second
 * read). The panel releases it once its own listeners are attached; an unused one is released
 * after `unusedLimitMs`, and at sign-out. Opened on another view of the tab (`?vista=quadro`,
 * `?vista=hoje`), the queries that view opens with are listened to instead: the board's four
 * columns, or the admin's steps of 'Para hoje'.
 *
 * Nothing is shown from here: it only warms the SDK's cache. The security rules refuse the read to
 * a session that is not admin (the error is dropped: the tab reports its own).
 */
import { onAuthStateChanged, type Auth, type User } from 'firebase/auth';
import { limit, query, type Firestore, type Query } from 'firebase/firestore';
import { pageSize } from '@/components/ListPager/use-paged';
import { columnClauses, columnQuery } from '@/data/board-reads';
import { leadListQuery, servedSort } from '@/data/lead-list-reads';
import { listen } from '@/data/live';
import { dueStepsQuery } from '@/data/next-step-reads';
import type { Lead } from '@/domain/lead';
import { dayBounds } from '@/domain/next-step';
import { leadStatuses } from '@/domain/options';
import { cardsPerPage } from '@/features/board/page-size';
import { listViewOf, openingListClauses } from '@/features/leads';
import { stepsPerPage } from '@/features/today/page-size';
import { leadsViewParam } from './LeadsArea';

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

/**
 * What the Leads tab opens with on the view the address names (`search`): the list's first page,
 * the board's columns, or `email`'s steps due by the end of today ('Para hoje', 'Meus').
 */
export function openingQueries(db: Firestore, search: string, email: string | null): Query<Lead>[] {
  const params = new URLSearchParams(search);
  const view = params.get(leadsViewParam);
  if (view === 'quadro') {
    const filtered = openingListClauses(listViewOf(params).filters);
    if (!filtered) return [];
    return leadStatuses.flatMap((status) => {
      const clauses = columnClauses(filtered, status);
      return clauses ? [columnQuery(db, clauses, cardsPerPage)] : [];
    });
  }
  if (view === 'hoje') {
    const end = dayBounds(new Date()).end;
    return email ? [dueStepsQuery(db, end, email.toLowerCase(), stepsPerPage)] : [];
  }
  const first = firstPageQuery(db, search);
  return first ? [first] : [];
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
  const openings = openingQueries(db, search, user.email);
  if (openings.length === 0) return;
  releaseFirstPage();
  const stops = openings.map((opening) =>
    listen(
      opening,
      () => {},
      () => releaseFirstPage(),
    ),
  );
  const stop = () => stops.forEach((each) => each());
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
