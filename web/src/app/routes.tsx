/**
 * The spec's routes. Each page is a lazy chunk, so public routes never download admin code
 * (or the full Firestore SDK, which only the admin pages import).
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { callCenterPath } from '../config/app-config';
import { RouteFallback } from './RouteFallback';

export const routes: RouteObject[] = [
  {
    path: '/',
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { index: true, lazy: () => import('../features/apply/pages/RootApplyPage') },
      { path: callCenterPath, lazy: () => import('../features/apply/pages/CallCenterApplyPage') },
      { path: '/redirecionamento', lazy: () => import('../features/redirect/pages/RedirectPage') },
      { path: '/admin/login', lazy: () => import('../features/admin/pages/AdminLoginPage') },
      { path: '/admin', lazy: () => import('../features/admin/pages/AdminPanelPage') },
      { path: '*', lazy: () => import('../features/not-found/pages/NotFoundPage') },
    ],
  },
];

/** `pathname` without trailing slashes ('/' stays '/'). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * Loads the lazy modules of the routes matching `pathname` into `routeList` (in place), so a router
 * created afterwards renders the page at once: what hydration and the prerender both need.
 */
export async function resolveLazyRoutes(routeList: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routeList, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
