/** Reads a rendered table by its column headers, so tests name the column instead of its position. */
import { screen, within } from '@testing-library/react';

/** The header texts of the table holding `element` (or of the page's only table). */
export function columnNames(element?: HTMLElement): string[] {
  const table = element?.closest('table') ?? screen.getByRole('table');
  return within(table as HTMLElement)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '');
}

/** The cell of `row` under the column headed `column`. */
export function cellOf(row: HTMLElement, column: string): HTMLElement {
  const names = columnNames(row);
  const index = names.indexOf(column);
  if (index < 0) throw new Error(`no column '${column}' (the columns: ${names.join(', ')})`);
  const cell = within(row).getAllByRole('cell')[index];
  if (!cell) throw new Error(`the row has no cell under '${column}'`);
  return cell;
}

/** The body rows of the page's table, top to bottom. */
export function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0);
}

/** The row whose cell under `column` (Nome by default) starts with `text`. */
export function rowWith(text: string, column = 'Nome'): HTMLElement {
  const row = bodyRows().find((r) => cellOf(r, column).textContent?.startsWith(text));
  if (!row) throw new Error(`no row with '${text}' under '${column}'`);
  return row;
}
