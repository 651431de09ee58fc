/**
 * 'Exportar Qualificados': leads_qualificados.csv that opens right in a Brazilian spreadsheet —
 * UTF-8 with BOM, ';' separator, RFC 4180 quoting, and cells starting with =, +, -, @, tab or CR
 * prefixed with ' (OWASP CSV injection). papaparse is downloaded only when exporting.
 */
import { qualifiedExportFileName, qualifiedExportRows } from '@/domain/lead-export';
import type { Lead } from '@/domain/lead';

/** Any cell starting with a formula trigger, multi-line cells included (papaparse's default stops at a newline). */
const formulaStart = /^[=+\-@\t\r]/;

/** The CSV text of the qualified leads among `leads`, with the BOM. */
export async function qualifiedCsv(leads: readonly Lead[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(qualifiedExportRows(leads), {
    delimiter: ';',
    newline: '\r\n',
    quotes: false,
    escapeFormulae: formulaStart,
  });
  return `\uFEFF${csv}\r\n`;
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
