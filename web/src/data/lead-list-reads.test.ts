import { describe, expect, it } from 'vitest';
import { leadListClauses } from '@/domain/lead-query';
import { defaultSort, hasPeriod, servedSort } from './lead-list-reads';

describe('servedSort', () => {
  const plain = leadListClauses({ status: 'novo', search: 'ana' });
  const period = leadListClauses({ from: new Date(2026, 10, 1), until: new Date(2026, 10, 2) });

  it('serves any column without a period', () => {
    const byName = { field: 'nome', order: 'asc' } as const;
    expect(servedSort(plain, byName)).toEqual({ sort: byName, refused: false });
    expect(hasPeriod(plain)).toBe(false);
  });

  it("with a period, only 'Data': another column is refused and the list stays by date", () => {
    expect(hasPeriod(period)).toBe(true);
    expect(servedSort(period, { field: 'vaga', order: 'desc' })).toEqual({
      sort: defaultSort,
      refused: true,
    });
    const oldest = { field: 'created_at', order: 'asc' } as const;
    expect(servedSort(period, oldest)).toEqual({ sort: oldest, refused: false });
  });
});
