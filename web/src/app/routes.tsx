/**
 * The app's routes (config/routes.ts). Each page is a lazy chunk, so public routes never download
 * admin code (or the full Firestore SDK, which only the admin pages import). Declarative
 * react-router (about 16 KB gzip lighter than the data router): `AppRoutes` renders the page
 * matching the location, loading its chunk first; `preloadPage` loads it ahead, as hydration and
 * the prerender need.
 */
import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router-dom';
import { routes } from '@/config/routes';
import { publicTexts } from '@/domain/messages';
import { RouteFallback } from './RouteFallback';

/** What a page module exports. */
interface PageModule {
  Component: ComponentType;
}

interface LazyPage {
  path: string;
  load: () => Promise<PageModule>;
  /** Set once the chunk has loaded. */
  module?: PageModule;
  /** Pages of one group share one mounted page: moving between them keeps its state. */
  group?: string;
}

const loadAdminPanel = () => import('@/app/admin-panel/AdminPanelPage');

export const pages: LazyPage[] = [
  { path: routes.root, load: () => import('@/features/apply/pages/RootApplyPage') },
  { path: routes.callCenter, load: () => import('@/features/apply/pages/CallCenterApplyPage') },
  { path: routes.redirect, load: () => import('@/features/redirect/pages/RedirectPage') },
  { path: routes.privacy, load: () => import('@/features/privacy/pages/PrivacyPage') },
  { path: routes.adminLogin, load: () => import('@/features/admin/pages/AdminLoginPage') },
  { path: routes.admin, load: () => import('@/app/admin-panel/AdminPanelPage'), group: 'panel' },
  // A lead's record opens over the panel, which stays mounted (its live list is not read again).
  { path: routes.leadRecord, load: loadAdminPanel, group: 'panel' },
  { path: '*', load: () => import('@/features/not-found/pages/NotFoundPage') },
];

async function loadPage(page: LazyPage): Promise<PageModule> {
  page.module ??= await page.load();
  return page.module;
}

/** Loads the chunk of the page matching `pathname`, so it renders at once (no fallback). */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(pages, pathname)?.[0];
  if (match) await loadPage(match.route);
}

/** `pathname` without trailing slashes ('/' stays '/'). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

function PageLoader({ page }: { page: LazyPage }) {
  const [state, setState] = useState<{ module?: PageModule; failed?: boolean }>({
    module: page.module,
  });
  useEffect(() => {
    if (state.module || state.failed) return;
    let active = true;
    loadPage(page).then(
      (module) => active && setState({ module }),
      (error: unknown) => {
        console.error(`The page ${page.path} could not be loaded`, error);
        if (active) setState({ failed: true });
      },
    );
    return () => {
      active = false;
    };
  }, [page, state]);

  if (state.module) return <state.module.Component />;
  if (!state.failed) return <RouteFallback />;
  // A chunk that did not download (connection lost, or a new deployment replaced it).
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text>{publicTexts.pageLoadFailed}</Text>
        <Button onClick={() => window.location.reload()}>{publicTexts.reload}</Button>
      </Stack>
    </Center>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {pages.map((page) => (
        <Route
          key={page.path}
          path={page.path}
          element={<PageLoader key={page.group ?? page.path} page={page} />}
        />
      ))}
    </Routes>
  );
}
