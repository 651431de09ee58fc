/**
 * The exported files' content: which leads and which cells (the CSV writing is papaparse's).
 * 'Exportar Qualificados' (the principal leads, in the export columns) and 'Exportar lista'
 * (every lead of the current view, plus where it came from).
 */
import type { Lead } from './lead';
import { columnLabel, exportColumns, exportText } from './lead-columns';

export const qualifiedExportFileName = 'leads_qualificados.csv';

/** The header: the exported columns' labels (lead.ts leadFields). */
export const qualifiedExportHeader: readonly string[] = exportColumns.map(columnLabel);

/** The header and one row per active 'principal' lead, in the list's order (empty cells for missing values). */
export function qualifiedExportRows(leads: readonly Lead[]): string[][] {
  return [
    [...qualifiedExportHeader],
    ...leads.filter(isQualified).map((lead) => exportColumns.map((name) => exportText(lead, name))),
  ];
}

/** Whether a lead counts as qualified: status principal. */
export const isQualified = (lead: Lead): boolean => lead.status === 'principal';

export const viewExportFileName = 'leads_lista.csv';

/** The source columns 'Exportar lista' adds to the list's. */
export const sourceExportColumns = [
  ['Origem (utm_source)', 'utm_source'],
  ['Mídia (utm_medium)', 'utm_medium'],
  ['Campanha (utm_campaign)', 'utm_campaign'],
] as const;

/** The header and one row per lead of the view, in its order: the list's columns, then the source. */
export function viewExportRows(leads: readonly Lead[]): string[][] {
  return [
    [...qualifiedExportHeader, ...sourceExportColumns.map(([label]) => label)],
    ...leads.map((lead) => [
      ...exportColumns.map((name) => exportText(lead, name)),
      ...sourceExportColumns.map(([, key]) => lead.source?.[key] ?? ''),
    ]),
  ];
}
