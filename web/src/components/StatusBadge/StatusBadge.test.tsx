import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusColor } from './StatusBadge';

describe('StatusBadge', () => {
  it('colours the four statuses as docs/product.md says and anything else grey', () => {
    expect(['novo', 'principal', 'separado', 'descartado', 'arquivado'].map(statusColor)).toEqual([
      'blue',
      'green',
      'yellow',
      'red',
      'gray',
    ]);
  });

  it('shows the status text', () => {
    render(
      <MantineProvider env="test">
        <StatusBadge status="principal" />
      </MantineProvider>,
    );
    expect(screen.getByText('principal')).toBeInTheDocument();
  });
});
