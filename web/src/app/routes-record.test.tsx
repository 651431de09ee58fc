import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { AppRoutes } from './routes';

const mounts = vi.hoisted(() => ({ count: 0 }));

// The panel, standing in: counts how often it mounts and shows where it is.
vi.mock('@/app/admin-panel/AdminPanelPage', () => ({
  Component: function Panel() {
    const location = useLocation();
    useEffect(() => {
      mounts.count += 1;
    }, []);
    return <p>painel em {location.pathname}</p>;
  },
}));

describe('the record route', () => {
  test('opening and closing a record keeps the one mounted panel (its live list is not read again)', async () => {
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], {
      initialEntries: ['/admin'],
    });
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText('painel em /admin')).toBeInTheDocument();
    await act(() => router.navigate('/admin/leads/abc'));
    expect(screen.getByText('painel em /admin/leads/abc')).toBeInTheDocument();
    await act(() => router.navigate('/admin'));
    expect(screen.getByText('painel em /admin')).toBeInTheDocument();
    expect(mounts.count).toBe(1);
  });

  test('a shared link opens the panel at the record', async () => {
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], {
      initialEntries: ['/admin/leads/xyz'],
    });
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText('painel em /admin/leads/xyz')).toBeInTheDocument();
  });
});
