import { describe, expect, it } from 'vitest';
import {
  defaultListView,
  listViewOf,
  paramsOfSavedView,
  sameListView,
  savedViewOf,
  withListView,
  type ListView,
} from './list-url';

const view: ListView = {
  filters: {
    search: 'fatima silva',
    status: 'principal',
    vaga: 'Aux Serraria',
    range: ['2026-11-01', '2026-11-30'],
    mine: true,
    notContacted: true,
  },
  sort: { field: 'nome', order: 'asc' },
  page: 3,
};

describe("the Leads list's view in the address", () => {
  it('writes every part, reads it back, and keeps the parameters it does not own', () => {
    const params = withListView(new URLSearchParams('aba=leads&x=1'), view);
    expect(params.toString()).toBe(
      'aba=leads&x=1&busca=fatima+silva&status=principal&vaga=Aux+Serraria&de=2026-11-01&ate=2026-11-30&meus=1&nao-contatados=1&ordem=nome-asc&pagina=3',
    );
    expect(listViewOf(params)).toEqual(view);
  });

  it('leaves the defaults out: the list as it opens is /admin', () => {
    expect(withListView(new URLSearchParams('busca=x&pagina=2'), defaultListView).toString()).toBe(
      '',
    );
    expect(listViewOf(new URLSearchParams())).toEqual(defaultListView);
    const oldestFirst = {
      ...defaultListView,
      sort: { field: 'created_at', order: 'asc' },
    } as const;
    expect(withListView(new URLSearchParams(), oldestFirst).toString()).toBe('ordem=data-asc');
  });

  it('ignores what the list cannot use, never failing', () => {
    const odd = listViewOf(
      new URLSearchParams(
        'status=aprovado&de=ontem&ate=2026-01-01&ordem=idade-asc&pagina=-2&meus=sim&busca=' +
          'a'.repeat(500),
      ),
    );
    expect(odd).toEqual({
      ...defaultListView,
      filters: { ...defaultListView.filters, search: 'a'.repeat(200) },
    });
    expect(listViewOf(new URLSearchParams('de=2026-11-02')).filters.range).toEqual([
      '2026-11-02',
      null,
    ]);
    expect(listViewOf(new URLSearchParams('pagina=2.5')).page).toBe(1);
  });

  it('a saved view keeps the filters and order, not the page', () => {
    const saved = savedViewOf(view);
    expect(saved).not.toHaveProperty('pagina');
    expect(saved).toMatchObject({ busca: 'fatima silva', ordem: 'nome-asc' });
    const back = listViewOf(paramsOfSavedView({ ...saved, pagina: '9', aba: 'lixeira', x: 1 }));
    expect(back).toEqual({ ...view, page: 1 });
    expect(sameListView(back, { ...view, page: 1 })).toBe(true);
    expect(sameListView(back, view)).toBe(false);
  });
});
