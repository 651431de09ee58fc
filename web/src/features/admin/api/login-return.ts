/**
 * Where the login page sends an admin after sign-in: back to the panel address they were sent
 * away from (a record link opened while signed out, a list with its filters), carried in the login
 * page's own address so a reload of it keeps it: `/admin/login?voltar=%2Fadmin%2Fleads%2Fabc`.
 * Only a panel address is followed (never another site, nor the login page itself).
 */
import { routes } from '@/config/routes';

export const returnParam = 'voltar';

const origin = 'http://vagas.invalid';

/** A panel address (`/admin`, `/admin/leads/…`, with its query), or null for anything else. */
function panelAddress(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  const { pathname } = url;
  const inPanel = pathname === routes.admin || pathname.startsWith(`${routes.admin}/`);
  if (url.origin !== origin || !inPanel || pathname.startsWith(routes.adminLogin)) return null;
  return `${pathname}${url.search}`;
}

/** The login page's address for a visitor sent away from the panel address `from`. */
export function loginPathFrom(from: string): string {
  const back = panelAddress(from);
  return back && back !== routes.admin
    ? `${routes.adminLogin}?${new URLSearchParams({ [returnParam]: back })}`
    : routes.adminLogin;
}

/** Where to go once signed in, from the login page's query: the panel address named, or /admin. */
export function returnPathOf(search: string): string {
  return panelAddress(new URLSearchParams(search).get(returnParam)) ?? routes.admin;
}
