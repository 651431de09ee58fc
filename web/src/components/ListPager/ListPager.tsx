/**
 * The page buttons under a paged list, with 'first–last of total'. Hidden when everything fits on
 * one page. Plain elements drawn like Mantine's Pagination (size sm), with its page range
 * (usePagination: one sibling, one boundary): the pager is on the panel's first screen and drawn
 * again as the count arrives, while the admin's first click waits
 * (web/README.md, "The panel's open on a slow phone").
 */
import { usePagination } from '@mantine/hooks';
import { memo } from 'react';
import classes from './ListPager.module.css';
import type { Paged } from './use-paged';

/** Mantine's pagination icons (16 x 16). */
const icons = {
  previous: 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z',
  next: 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z',
  dots: 'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
};

function Icon({ path }: { path: string }) {
  return (
    <svg className={classes.icon} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

function Pager<T>({
  paged,
  label,
  showing,
}: {
  paged: Paged<T>;
  label: string;
  showing: (from: number, to: number, total: number) => string;
}) {
  const { page, pages, setPage } = paged;
  const { range } = usePagination({
    total: pages,
    page,
    onChange: setPage,
    siblings: 1,
    boundaries: 1,
  });
  if (pages <= 1) return null;
  return (
    <div className={classes.pager}>
      <p className={classes.showing}>{showing(paged.from, paged.to, paged.total)}</p>
      <nav aria-label={label} className={classes.controls}>
        <button
          type="button"
          className={classes.control}
          aria-label="Página anterior"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          <Icon path={icons.previous} />
        </button>
        {range.map((item, index) =>
          item === 'dots' ? (
            <span key={`dots-${index}`} className={classes.dots} aria-hidden="true">
              <Icon path={icons.dots} />
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className={classes.control}
              data-page
              data-active={item === page || undefined}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Página ${item}`}
              onClick={() => setPage(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className={classes.control}
          aria-label="Próxima página"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          <Icon path={icons.next} />
        </button>
      </nav>
    </div>
  );
}

/** Memoised: a list's page re-renders for a tick or a count, its pager only when it changes. */
export const ListPager = memo(Pager) as typeof Pager;
