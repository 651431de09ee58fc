import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { publicTexts } from '@/domain/messages';
import { AppRoutes, normalizePath, pages, preloadPage } from './routes';

// The admin panel's chunk "fails to download".
vi.mock('@/app/admin-panel/AdminPanelPage', () => {
  throw new Error('network error');
});

function renderAt(path: string) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('AppRoutes', () => {
  test('shows the loader, then the page matching the location', async () => {
    renderAt('/nao/existe');
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
  });

  test('a preloaded page renders at once, without the loader', async () => {
    await preloadPage('/qualquer');
    renderAt('/qualquer');
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
  });

  test('a page whose code cannot be downloaded says so and offers a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin');
    expect(await screen.findByText(publicTexts.pageLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: publicTexts.reload })).toBeEnabled();
  });

  test('every route has a page (a record opens over the panel), and anything else falls to the 404', () => {
    expect(pages.map((p) => p.path)).toEqual([
      '/',
      '/conecta',
      '/redirecionamento',
      '/privacidade',
      '/admin/login',
      '/admin',
      '/admin/leads/:id',
      '*',
    ]);
    expect(normalizePath('/conecta/')).toBe('/conecta');
    expect(normalizePath('/')).toBe('/');
  });
});
