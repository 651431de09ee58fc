/**
 * The panel's state that lives in the address, so Back, a reload and a link sent to a colleague
 * keep it: the open tab (`aba`), the Leads list's view (search, filters, order, page:
 * features/leads list-url.ts) and the open record (`/admin/leads/:id`, over the same list).
 * The router renders a change in the same commit as the event that asked for it (no transition:
 * app/router.tsx), so the search box can show the address's text as it is typed.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { leadRecordPath, openedFromList, routes } from '@/config/routes';
import { tabOf, withTab, type AdminTab } from '@/features/admin';
import { listViewOf, withListView, type ListView } from '@/features/leads';

/** Whether `next` only changes the search of a list already searched (typing: no new entry). */
function typingOnly(current: ListView, next: ListView): boolean {
  const a = withListView(new URLSearchParams(), {
    ...current,
    filters: { ...current.filters, search: '' },
  });
  const b = withListView(new URLSearchParams(), {
    ...next,
    filters: { ...next.filters, search: '' },
  });
  return (
    a.toString() === b.toString() && current.filters.search !== '' && next.filters.search !== ''
  );
}

const queryOf = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function usePanelAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const { search, pathname, state } = location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const listView = useMemo(() => listViewOf(params), [params]);
  const tab = tabOf(params);
  // The address as last rendered, for the callbacks (stable: the tabs are memoised on them).
  const latest = useRef({ params, pathname, listView, state });
  useLayoutEffect(() => {
    latest.current = { params, pathname, listView, state };
  });

  const go = useCallback(
    (next: URLSearchParams, replace: boolean) =>
      navigate({ pathname: latest.current.pathname, search: queryOf(next) }, { replace }),
    [navigate],
  );
  const onListView = useCallback(
    (next: ListView, how?: { replace: boolean }) => {
      const { params, listView } = latest.current;
      go(withListView(params, next), how?.replace ?? typingOnly(listView, next));
    },
    [go],
  );
  const onTab = useCallback(
    (next: AdminTab) => go(withTab(latest.current.params, next), false),
    [go],
  );
  const openRecord = useCallback(
    (id: string | null) =>
      navigate({
        pathname: id === null ? routes.admin : leadRecordPath(id),
        search: queryOf(latest.current.params),
      }),
    [navigate],
  );
  // Back to the list: the entry it was opened from when there is one (so Back does not open the
  // record again), else the list under it in place of the record.
  const closeRecord = useCallback(() => {
    const { params, state } = latest.current;
    if ((state as typeof openedFromList | null)?.fromList) navigate(-1);
    else navigate({ pathname: routes.admin, search: queryOf(params) }, { replace: true });
  }, [navigate]);

  return { listView, onListView, tab, onTab, openRecord, closeRecord };
}
