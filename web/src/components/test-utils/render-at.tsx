/** Renders admin components inside Mantine (test env), the notifications host and a memory router. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, vi } from 'vitest';

// Unmounting and toasts are reset by web/vitest.setup.ts; admin tests also spy on SDK calls.
afterEach(() => {
  vi.restoreAllMocks();
});

function Where({ label }: { label: string }) {
  const location = useLocation();
  return <div data-testid="where">{`${label} ${location.pathname}${location.search}`}</div>;
}

/**
 * Mounts `element` at `path`; the other admin routes render a marker showing where we are.
 * `entry`: the address opened (default `path`), e.g. with a query or a record's path.
 */
export function renderAt(
  path: '/admin' | '/admin/login',
  element: ReactNode,
  entry: string = path,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/login',
        element: path === '/admin/login' ? element : <Where label="login" />,
      },
      { path: '/admin', element: path === '/admin' ? element : <Where label="panel" /> },
      {
        path: '/admin/leads/:id',
        element:
          path === '/admin' && entry.startsWith('/admin/leads/') ? (
            element
          ) : (
            <Where label="record" />
          ),
      },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...view, router };
}
