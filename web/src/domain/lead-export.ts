/** The 'Exportar Qualificados' file's content: which leads and which cells (the CSV writing is papaparse's). */
import type { Lead } from './lead';
import { formatDateTime } from './lead-list';

export const qualifiedExportFileName = 'leads_qualificados.csv';

export const qualifiedExportHeader = [
  'Nome',
  'WhatsApp',
  'Vaga',
  'Cidade',
  'Idade',
  'Experiência',
  'Status',
  'Data',
] as const;

/** The header and one row per active 'principal' lead, in the list's order (empty cells for missing values). */
export function qualifiedExportRows(leads: readonly Lead[]): string[][] {
  return [
    [...qualifiedExportHeader],
    ...leads
      .filter((lead) => lead.status === 'principal')
      .map((lead) => [
        lead.nome,
        lead.whatsapp,
        lead.vaga,
        lead.cidade,
        lead.idade === undefined ? '' : String(lead.idade),
        lead.tempo_experiencia ?? '',
        lead.status,
        lead.created_at ? formatDateTime(lead.created_at) : '',
      ]),
  ];
}
