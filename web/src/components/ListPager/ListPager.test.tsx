import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListPager } from './ListPager';
import type { Paged } from './use-paged';

const showing = (from: number, to: number, total: number) => `${from}–${to} de ${total}`;

function pagedAt(page: number, pages: number, setPage = vi.fn()): Paged<number> {
  const from = (page - 1) * 25 + 1;
  return { items: [], page, pages, from, to: from + 24, total: pages * 25, setPage };
}

const names = () =>
  screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));

describe('ListPager', () => {
  it('shows the first and last pages, the current one with its neighbours, and dots between', async () => {
    const setPage = vi.fn();
    render(<ListPager paged={pagedAt(5, 10, setPage)} label="Páginas" showing={showing} />);
    expect(screen.getByText('101–125 de 250')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas' })).toBeInTheDocument();
    expect(names()).toEqual([
      'Página anterior',
      'Página 1',
      'Página 4',
      'Página 5',
      'Página 6',
      'Página 10',
      'Próxima página',
    ]);
    expect(screen.getByRole('button', { name: 'Página 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Página 6' }));
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(setPage.mock.calls).toEqual([[6], [4]]);
  });

  it('cannot go back from the first page nor on from the last; one page shows no pager', () => {
    const { rerender } = render(
      <ListPager paged={pagedAt(1, 3)} label="Páginas" showing={showing} />,
    );
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeEnabled();
    rerender(<ListPager paged={pagedAt(3, 3)} label="Páginas" showing={showing} />);
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    rerender(<ListPager paged={pagedAt(1, 1)} label="Páginas" showing={showing} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
