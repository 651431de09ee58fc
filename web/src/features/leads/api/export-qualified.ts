/**
 * 'Exportar Qualificados' (leads_qualificados.csv) and 'Exportar lista' (leads_lista.csv): CSV that
 * opens right in a Brazilian spreadsheet —
 * UTF-8 with BOM, ';' separator, RFC 4180 quoting, and cells starting with =, +, -, @, tab or CR
 * prefixed with ' (OWASP CSV injection). papaparse is downloaded only when exporting.
 */
import {
  qualifiedExportFileName,
  qualifiedExportRows,
  viewExportFileName,
  viewExportRows,
} from '@/domain/lead-export';
import type { Lead } from '@/domain/lead';

/** Any cell starting with a formula trigger, multi-line cells included (papaparse's default stops at a newline). */
const formulaStart = /^[=+\-@\t\r]/;

/** The CSV text of `rows`, with the BOM. */
async function csvOf(rows: string[][]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(rows, {
    delimiter: ';',
    newline: '\r\n',
    quotes: false,
    escapeFormulae: formulaStart,
  });
  return `\uFEFF${csv}\r\n`;
}

/** The CSV text of the qualified leads among `leads`, with the BOM. */
export function qualifiedCsv(leads: readonly Lead[]): Promise<string> {
  return csvOf(qualifiedExportRows(leads));
}

/** The CSV text of every lead of the view, with its source, with the BOM. */
export function viewCsv(leads: readonly Lead[]): Promise<string> {
  return csvOf(viewExportRows(leads));
}

/** Saves `text` as a download named `name`. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Builds and downloads leads_qualificados.csv. */
export async function exportQualified(leads: readonly Lead[]): Promise<void> {
  downloadText(qualifiedExportFileName, await qualifiedCsv(leads));
}

/** Builds and downloads leads_lista.csv. */
export async function exportView(leads: readonly Lead[]): Promise<void> {
  downloadText(viewExportFileName, await viewCsv(leads));
}
