/** The 'Exportar Qualificados' file's content: which leads and which cells (the CSV writing is papaparse's). */
import type { Lead } from './lead';
import { columnLabel, exportColumns, exportText } from './lead-columns';

export const qualifiedExportFileName = 'leads_qualificados.csv';

/** The header: the exported columns' labels (lead.ts leadFields). */
export const qualifiedExportHeader: readonly string[] = exportColumns.map(columnLabel);

/** The header and one row per active 'principal' lead, in the list's order (empty cells for missing values). */
export function qualifiedExportRows(leads: readonly Lead[]): string[][] {
  return [
    [...qualifiedExportHeader],
    ...leads
      .filter((lead) => lead.status === 'principal')
      .map((lead) => exportColumns.map((name) => exportText(lead, name))),
  ];
}
