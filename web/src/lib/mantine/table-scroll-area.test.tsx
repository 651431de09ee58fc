import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';

function Rows({ children }: { children: ReactNode }) {
  return <MantineProvider>{children}</MantineProvider>;
}

// Each test gets the modules fresh: what table-scroll.ts gives the container is module state.
beforeEach(() => {
  vi.resetModules();
});

test("the container's box scrolls natively, with its content, while no ScrollArea was given", async () => {
  const { ScrollArea } = await import('./table-scroll-area');
  render(
    <Rows>
      <ScrollArea className="trash-scroll" style={{ maxHeight: 300 }}>
        <p>Ana Lima</p>
      </ScrollArea>
    </Rows>,
  );
  const box = screen.getByText('Ana Lima').parentElement;
  expect(box).toHaveClass('trash-scroll');
  expect(box).toHaveStyle({ overflow: 'auto', maxHeight: '300px' });
  expect(document.querySelector('.mantine-ScrollArea-root')).toBeNull();
});

test("table-scroll.ts's container is Mantine's ScrollArea, around the table", async () => {
  const { TableScrollContainer } = await import('./table-scroll');
  const { ScrollArea } = await import('./table-scroll-area');
  render(
    <Rows>
      <TableScrollContainer minWidth={600}>
        <p>Ana Lima</p>
      </TableScrollContainer>
      <ScrollArea>
        <p>João Dias</p>
      </ScrollArea>
    </Rows>,
  );
  expect(screen.getByText('Ana Lima').closest('.mantine-ScrollArea-root')).not.toBeNull();
  // What the bundle's Table.ScrollContainer renders once given (vite.config.ts resolves it here).
  expect(screen.getByText('João Dias').closest('.mantine-ScrollArea-root')).not.toBeNull();
});
