/**
 * 'Exportar Qualificados' (leads_qualificados) and 'Exportar lista' (leads_lista), as CSV or XLSX.
 * The CSV opens right in a Brazilian spreadsheet: UTF-8 with BOM, ';' separator, RFC 4180 quoting,
 * and cells starting with =, +, -, @, tab or CR prefixed with ' (OWASP CSV injection). The XLSX
 * holds every cell as a typed value (a text is never read as a formula), its header row frozen.
 * Each writer (papaparse, write-excel-file) is downloaded only when its file is asked for: the
 * panel's open never pays for them.
 */
import {
  exportFileName,
  qualifiedExportRows,
  viewExportRows,
  type ExportCell,
  type ExportFormat,
  type ExportKind,
} from '@/domain/lead-export';
import type { Lead } from '@/domain/lead';

/** Any cell starting with a formula trigger, multi-line cells included (papaparse's default stops at a newline). */
const formulaStart = /^[=+\-@\t\r]/;

/** The CSV text of `rows`, with the BOM. */
async function csvOf(rows: ExportCell[][]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(rows, {
    delimiter: ';',
    newline: '\r\n',
    quotes: false,
    escapeFormulae: formulaStart,
  });
  return `\uFEFF${csv}\r\n`;
}

/** The XLSX file of `rows`: one sheet, the first row bold and frozen, columns sized to fit. */
export async function xlsxOf(rows: ExportCell[][], sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const widths = rows[0]?.map((_, column) =>
    Math.min(60, Math.max(8, ...rows.map((row) => String(row[column] ?? '').length + 2))),
  );
  const data = rows.map((row, index) =>
    row.map((value) =>
      typeof value === 'number'
        ? { type: Number, value }
        : { type: String, value, fontWeight: index === 0 ? ('bold' as const) : undefined },
    ),
  );
  return writeXlsxFile(data, {
    sheet,
    stickyRowsCount: 1,
    columns: widths?.map((width) => ({ width })),
  }).toBlob();
}

/** The CSV text of the qualified leads among `leads`, with the BOM. */
export function qualifiedCsv(leads: readonly Lead[]): Promise<string> {
  return csvOf(qualifiedExportRows(leads));
}

/** The CSV text of every lead of the view, with its source, with the BOM. */
export function viewCsv(leads: readonly Lead[]): Promise<string> {
  return csvOf(viewExportRows(leads));
}

/** Saves `content` as a download named `name`. */
export function downloadFile(name: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const rowsOf: Record<ExportKind, (leads: readonly Lead[]) => ExportCell[][]> = {
  qualified: qualifiedExportRows,
  view: viewExportRows,
};
const sheetNames: Record<ExportKind, string> = { qualified: 'Qualificados', view: 'Lista' };

/** Builds and downloads one export; its file's name. */
export async function exportLeads(
  kind: ExportKind,
  format: ExportFormat,
  leads: readonly Lead[],
): Promise<string> {
  const rows = rowsOf[kind](leads);
  const name = exportFileName(kind, format);
  const content =
    format === 'csv'
      ? new Blob([await csvOf(rows)], { type: 'text/csv;charset=utf-8' })
      : await xlsxOf(rows, sheetNames[kind]);
  downloadFile(name, content);
  return name;
}
