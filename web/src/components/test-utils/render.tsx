/** Test render: MantineProvider (env="test": no transitions), Notifications and a memory router. */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, render as rtlRender } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach } from 'vitest';

// vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  notifications.clean();
});

/** Renders `ui` at `path`, with the other routes as plain markers (e.g. to see a navigation). */
export function renderPage(ui: ReactElement, path = '/') {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>rota: outra</p> },
    ],
    { initialEntries: [path] },
  );
  const result = rtlRender(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...result, router };
}
