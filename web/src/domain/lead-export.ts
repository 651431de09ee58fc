/**
 * The exported files' content: which leads and which cells (the files themselves are written by
 * papaparse, CSV, and write-excel-file, XLSX: features/leads/api/export-qualified.ts).
 * 'Exportar Qualificados' (the principal leads, in the export columns) and 'Exportar lista'
 * (every lead of the current view, plus where it came from). Cells read as the list shows them:
 * dates as dd/mm/aaaa hh:mm, statuses as 'Novo', 'Principal'; a whole number stays a number.
 */
import { leadField, type Lead, type LeadFieldName } from './lead';
import { columnLabel, exportColumns, exportText } from './lead-columns';
import { statusLabel } from './options';

/** The two exports, and the two file formats. */
export type ExportKind = 'qualified' | 'view';
export type ExportFormat = 'csv' | 'xlsx';

const baseNames: Record<ExportKind, string> = {
  qualified: 'leads_qualificados',
  view: 'leads_lista',
};

/** The downloaded file's name: leads_qualificados.csv, leads_lista.xlsx, ... */
export function exportFileName(kind: ExportKind, format: ExportFormat): string {
  return `${baseNames[kind]}.${format}`;
}

/** One cell: a text, or a whole number (a spreadsheet sorts and sums it). */
export type ExportCell = string | number;

/** The header: the exported columns' labels (lead.ts leadFields). */
export const qualifiedExportHeader: readonly string[] = exportColumns.map(columnLabel);

/** A field's cell: the list's text ('' for a missing value), the status's label, a number as is. */
function exportCell(lead: Lead, name: LeadFieldName): ExportCell {
  const type = leadField(name).type;
  if (type === 'status') return statusLabel(lead.status);
  const value: unknown = lead[name];
  if (type === 'int' && typeof value === 'number') return value;
  return exportText(lead, name);
}

/** The header and one row per active 'principal' lead, in the list's order (empty cells for missing values). */
export function qualifiedExportRows(leads: readonly Lead[]): ExportCell[][] {
  return [
    [...qualifiedExportHeader],
    ...leads.filter(isQualified).map((lead) => exportColumns.map((name) => exportCell(lead, name))),
  ];
}

/** Whether a lead counts as qualified: status principal. */
export const isQualified = (lead: Lead): boolean => lead.status === 'principal';

/** The source columns 'Exportar lista' adds to the list's. */
export const sourceExportColumns = [
  ['Origem (utm_source)', 'utm_source'],
  ['Mídia (utm_medium)', 'utm_medium'],
  ['Campanha (utm_campaign)', 'utm_campaign'],
] as const;

/** The header and one row per lead of the view, in its order: the list's columns, then the source. */
export function viewExportRows(leads: readonly Lead[]): ExportCell[][] {
  return [
    [...qualifiedExportHeader, ...sourceExportColumns.map(([label]) => label)],
    ...leads.map((lead) => [
      ...exportColumns.map((name) => exportCell(lead, name)),
      ...sourceExportColumns.map(([, key]) => lead.source?.[key] ?? ''),
    ]),
  ];
}
