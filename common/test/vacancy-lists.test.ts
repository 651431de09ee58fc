import { describe, expect, test } from 'vitest';
import { openVacancyList } from '../src/vacancy-lists.js';

describe('openVacancyList', () => {
  test('keeps the open vacancies, in their places (then by label), as the pages offer them', () => {
    const list = openVacancyList([
      { kind: 'job', value: 'B', label: 'B', group: null, open: true, order: 1 },
      { kind: 'job', value: 'A', label: 'A', group: null, open: true, order: 1 },
      { kind: 'job', value: 'Fechada', label: 'Fechada', open: false, order: 0 },
      {
        kind: 'locality',
        value: 'Aracaju - Centro',
        label: 'Centro',
        group: 'Aracaju',
        open: true,
        order: 0,
      },
      { kind: 'job', value: 'Sem lugar', label: 'Sem lugar', open: true },
      { kind: 'job', value: 7, label: 'Estragada', open: true, order: 0 },
    ]);
    expect(list).toEqual([
      { kind: 'locality', value: 'Aracaju - Centro', label: 'Centro', group: 'Aracaju' },
      { kind: 'job', value: 'A', label: 'A' },
      { kind: 'job', value: 'B', label: 'B' },
      { kind: 'job', value: 'Sem lugar', label: 'Sem lugar' },
    ]);
  });
});
