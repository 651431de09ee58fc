/**
 * The spec's routes. Each page is a lazy chunk, so public routes never download admin code
 * (or the full Firestore SDK, which only the admin pages import).
 */
import { createBrowserRouter } from 'react-router-dom';
import { callCenterPath } from '../config/app-config';
import { RouteFallback } from './RouteFallback';

export const router = createBrowserRouter([
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
]);
