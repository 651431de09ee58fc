/** Test render: MantineProvider (env="test": no transitions), Notifications and a memory router. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as rtlRender } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

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
