/** The page buttons under a paged list, with 'first–last of total'. Hidden when everything fits on one page. */
import { Group, Pagination, Text } from '@mantine/core';
import { memo } from 'react';
import type { Paged } from './use-paged';

function Pager<T>({
  paged,
  label,
  showing,
}: {
  paged: Paged<T>;
  label: string;
  showing: (from: number, to: number, total: number) => string;
}) {
  if (paged.pages <= 1) return null;
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Text size="sm" c="gray.7">
        {showing(paged.from, paged.to, paged.total)}
      </Text>
      <Pagination
        component="nav"
        aria-label={label}
        total={paged.pages}
        value={paged.page}
        onChange={paged.setPage}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label':
            control === 'previous'
              ? 'Página anterior'
              : control === 'next'
                ? 'Próxima página'
                : control,
        })}
        getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
      />
    </Group>
  );
}

/** Memoised: a list's page re-renders for a tick or a count, its pager only when it changes. */
export const ListPager = memo(Pager) as typeof Pager;
