/** A candidate's data (functions/src/candidate-requests.ts): find, export as JSON/CSV, erase. */
import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/firebase/functions';

export interface CandidateLead {
  id: string;
  data: Record<string, unknown>;
  subcollections: Record<string, { id: string; data: Record<string, unknown> }[]>;
}

export interface CandidateData {
  whatsapp: string;
  leads: CandidateLead[];
}

export async function findCandidate(whatsapp: string): Promise<CandidateData> {
  return (
    await httpsCallable<{ whatsapp: string }, CandidateData>(
      functions,
      'findCandidate',
    )({ whatsapp })
  ).data;
}

export async function eraseCandidate(whatsapp: string): Promise<{ deleted: number }> {
  return (
    await httpsCallable<{ whatsapp: string }, { deleted: number }>(
      functions,
      'eraseCandidate',
    )({ whatsapp })
  ).data;
}

/** The export's file name: the number's digits, never the person's name. */
export function exportFileName(data: CandidateData, extension: 'json' | 'csv'): string {
  return `candidato_${data.whatsapp.replace(/\D/g, '')}.${extension}`;
}

/** Everything found, as indented JSON. */
export function candidateJson(data: CandidateData): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A cell's text: maps as JSON. */
const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * One row per lead: id, then every field any of them has (sorted), then each subcollection as
 * JSON; ';'-separated UTF-8 with BOM, formula-looking cells escaped (as the leads export).
 */
export async function candidateCsv(data: CandidateData): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const fields = [...new Set(data.leads.flatMap((lead) => Object.keys(lead.data)))].sort();
  const subs = [...new Set(data.leads.flatMap((lead) => Object.keys(lead.subcollections)))].sort();
  const rows = data.leads.map((lead) => [
    lead.id,
    ...fields.map((field) => cell(lead.data[field])),
    ...subs.map((sub) => cell(lead.subcollections[sub] ?? [])),
  ]);
  const csv = Papa.unparse(
    { fields: ['id', ...fields, ...subs], data: rows },
    { delimiter: ';', newline: '\r\n', escapeFormulae: /^[=+\-@\t\r]/ },
  );
  return `\uFEFF${csv}\r\n`;
}

/** Saves `text` as a download named `name`. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
