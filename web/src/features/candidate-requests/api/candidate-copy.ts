/**
 * The copy of a candidate's data that the team sends them (LGPD: the person's right to see what is
 * kept about them): one HTML page that opens in any browser and prints, in Portuguese. Each
 * application with its fields under the lead table's labels (domain/lead.ts), written as the panel
 * writes them, and the notes the team wrote about the candidate (text and date). Nothing internal:
 * no ids, no derived search keys, no trash state, no colleague's name or e-mail, no timeline.
 */
import { appConfig } from '@/config/app-config';
import { consentNotes } from '@/domain/consent';
import { leadField, type LeadFieldName } from '@/domain/lead';
import { formatDateTime } from '@/domain/lead-list-view';
import { statusLabel } from '@/domain/options';
import type { CandidateData, CandidateLead } from './candidate-data';

/** The fields a candidate's copy shows, in the table's order: what they gave and what became of it. */
const copiedFields = [
  'nome',
  'whatsapp',
  'vaga',
  'cidade',
  'idade',
  'tempo_experiencia',
  'status',
  'created_at',
  'submitted_at',
  'last_contacted_at',
  'consent_version',
  'source',
] as const satisfies readonly LeadFieldName[];

/** Labels for the fields the table keeps without a column label. */
const ownLabels: Partial<Record<LeadFieldName, string>> = {
  created_at: 'Data da candidatura',
  submitted_at: 'Enviada pelo aparelho em',
  consent_version: 'Aviso aceito ao enviar',
  source: 'Como chegou à página',
};

const sourceLabels: Record<string, string> = {
  utm_source: 'origem',
  utm_medium: 'mídia',
  utm_campaign: 'campanha',
};

const labelOf = (name: LeadFieldName) => ownLabels[name] ?? leadField(name).label ?? name;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const dateText = (value: unknown) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? formatDateTime(new Date(value))
    : null;

function consentText(version: unknown): string | null {
  if (typeof version !== 'string') return null;
  const note = Object.values(consentNotes).find((n) => n.version === version);
  return note ? `${note.text} (versão ${version})` : version;
}

function sourceText(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  const parts = Object.entries(sourceLabels)
    .filter(([key]) => typeof source[key] === 'string')
    .map(([key, label]) => `${label}: ${String(source[key])}`);
  if (source.fbclid === true) parts.push('link de anúncio do Facebook');
  return parts.length > 0 ? parts.join('; ') : null;
}

/** A field's value as the copy writes it; null when the lead has none. */
function valueText(name: LeadFieldName, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const type = leadField(name).type;
  if (type === 'timestamp' || type === 'deviceTime') return dateText(value);
  if (type === 'status') return statusLabel(String(value));
  if (name === 'consent_version') return consentText(value);
  if (type === 'map') return sourceText(value);
  return typeof value === 'object' ? null : String(value);
}

function applicationSection(lead: CandidateLead, index: number, total: number): string {
  const rows = copiedFields
    .map((name) => [labelOf(name), valueText(name, lead.data[name])] as const)
    .filter((row): row is readonly [string, string] => row[1] !== null)
    .map(([label, value]) => `<tr><th>${escape(label)}</th><td>${escape(value)}</td></tr>`);
  const notes = lead.notes.map(
    (note) =>
      `<li><span class="when">${escape(dateText(note.created_at) ?? '')}</span> ${escape(note.text)}</li>`,
  );
  return [
    `<section><h2>Candidatura ${index + 1} de ${total}</h2>`,
    `<table>${rows.join('')}</table>`,
    '<h3>Anotações da equipe</h3>',
    notes.length > 0 ? `<ul>${notes.join('')}</ul>` : '<p>Nenhuma anotação.</p>',
    '</section>',
  ].join('\n');
}

/** The page, complete: `now` is when it was made (the page says so). */
export function candidateCopyHtml(data: CandidateData, now: Date = new Date()): string {
  const total = data.leads.length;
  const title = 'Seus dados pessoais';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - ${escape(appConfig.companyName)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 44rem; padding: 0 1rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid #ddd; }
th { width: 40%; font-weight: 600; }
.when { color: #555; margin-right: 0.5rem; }
</style>
</head>
<body>
<h1>${title}</h1>
<p>Tudo o que guardamos sobre as candidaturas do WhatsApp ${escape(data.whatsapp)}, como pedido com base na Lei Geral de Proteção de Dados (LGPD).</p>
<p>Documento gerado em ${escape(formatDateTime(now))}. Dúvidas ou pedidos: ${escape(appConfig.privacyContactEmail)}.</p>
${data.leads.map((lead, i) => applicationSection(lead, i, total)).join('\n')}
</body>
</html>
`;
}

/** The copy's file name: the number's digits, never the person's name. */
export function candidateCopyFileName(data: CandidateData): string {
  return `dados_pessoais_${data.whatsapp.replace(/\D/g, '')}.html`;
}
