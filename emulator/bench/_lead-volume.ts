/**
 * Benchmark helper: leads shaped as the app stores them (the fields the two public forms write, the
 * admins' later changes, the trash, and the derived keys of `@vagas/common`'s `leadKeys`: about 90
 * `search_keys` per lead), as protobuf-JSON fields, from a seeded generator (lead `i` of a seed is
 * always the same lead). Fast enough for a million: the web app's own seeder (scripts/lib/lead-seed.mjs)
 * builds each lead through the form code and takes minutes for that many.
 */
import { leadKeys } from '@vagas/common';
import type { Fields, Value } from '../src/model/values.js';
import type { SeedDocument } from '../src/server/journal.js';

const first = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Érica',
  'Luís',
  'Cláudia',
  'Raí',
  'Bruna',
  'Tânia',
  'Carlos',
  'Fernanda',
  'Paulo',
  'Juliana',
  'Antônio',
  'Patrícia',
  'Marcos',
  'Larissa',
  'Rafael',
  'Camila',
  'Thiago',
  'Letícia',
  'Diego',
  'Gabriela',
  'Edson',
  'Simone',
  'Ícaro',
  'Joana',
  'Severino',
  'Luana',
];
const last = [
  'Silva',
  'Souza',
  'Conceição',
  'Araújo',
  'Lima',
  'Gonçalves',
  'Melo',
  'Brandão',
  'Santos',
  'Oliveira',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Barbosa',
  'Ribeiro',
  'Carvalho',
  'Jesus',
  'Menezes',
];
const ddds = ['71', '73', '74', '75', '77', '79', '79', '79'];
const rootJobs = ['Aux Eletricista', 'Aux Serraria', 'Aux Metalúgica', 'Sem Experiencia'];
const rootTowns = [
  'Aroeiras',
  'Bandiaçu',
  'São João',
  'Joazeiro',
  'Salgadália',
  'Sede – Conceição do Coité',
];
const callJobs = [
  '[Conecta] Operador de Call Center',
  '[Conecta] Analista de Atendimento',
  '[Conecta] Consultor de Vendas',
  '[Conecta] Coordenador de Call Center',
];
const callTowns = [
  'Aracaju - Centro',
  'Aracaju - Jardins',
  'Aracaju - Atalaia',
  'Aracaju - Farolândia',
  'Aracaju - Ponto Novo',
  'Aracaju - Coroa do Meio',
  'Região Metropolitana - Barra dos Coqueiros',
];
const experience = [
  'Sem experiência',
  'Menos de 1 ano',
  '1 a 2 anos',
  '2 a 5 anos',
  '5 a 10 anos',
  'Mais de 10 anos',
];
const sources: Fields[] = [
  { utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'vagas-operador' },
  { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'stories-conecta' },
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'vagas-coite' },
  { utm_source: 'whatsapp', utm_medium: 'referral' },
  { utm_source: 'indeed', utm_medium: 'jobs', utm_campaign: 'anuncio-supervisor' },
].map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, str(v)])));
const idChars = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'];
export const leadStatuses = ['novo', 'principal', 'separado', 'descartado'] as const;
const DAY_MS = 86_400_000;

function str(s: string): Value {
  return { stringValue: s };
}
/** A timestamp as the emulator stores one (RFC 3339, microseconds). */
function ts(ms: number): Value {
  return { timestampValue: new Date(ms).toISOString().replace('Z', '000Z') };
}

/** mulberry32: the same seed, the same numbers. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

export interface VolumeLead {
  id: string;
  fields: Fields;
  /** Milliseconds. */
  createdAt: number;
  trashed: boolean;
  /** What the panel's search box would find it by: its phone's last 8 digits and its first name. */
  phoneDigits: string;
  firstName: string;
}

/**
 * Lead `i` of `count`: created over the `days` before `now` in order of `i` (lead count - 1 is the
 * newest), a share `trashedShare` of them in the trash (spread evenly), statuses as a campaign has
 * them.
 */
export function volumeLead(
  i: number,
  count: number,
  opts: { now: number; days: number; trashedShare: number; seed?: number },
): VolumeLead {
  const r = random(Math.imul((opts.seed ?? 1) ^ 0x9e3779b9, 2654435761) ^ Math.imul(i + 1, 40503));
  const id = Array.from({ length: 20 }, () => pick(r, idChars)).join('');
  const root = r() < 0.4;
  const firstName = pick(r, first);
  const nome = `${firstName} ${r() < 0.4 ? `${pick(r, last)} ` : ''}${pick(r, last)}`;
  const digits = Array.from({ length: 8 }, () => Math.floor(r() * 10)).join('');
  const whatsapp = `(${pick(r, ddds)}) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
  const span = opts.days * DAY_MS;
  const createdAt = opts.now - span + Math.floor(((i + r()) * span) / count);
  const trashed = Math.floor((i + 1) * opts.trashedShare) > Math.floor(i * opts.trashedShare);
  const status = pick(r, [...leadStatuses, 'novo', 'principal']);
  const contactedAt =
    (status === 'principal' || status === 'separado') && r() < 0.6
      ? createdAt + Math.floor(r() * DAY_MS)
      : null;
  const fields: Fields = {
    nome: str(nome),
    whatsapp: str(whatsapp),
    vaga: str(pick(r, root ? rootJobs : callJobs)),
    cidade: str(pick(r, root ? rootTowns : callTowns)),
    ...(root
      ? {}
      : {
          idade: { integerValue: String(18 + Math.floor(r() ** 1.8 * 40)) },
          tempo_experiencia: str(pick(r, experience)),
        }),
    consent_version: str(root ? 'raiz-2026-11-25' : 'conecta-2026-11-25'),
  };
  if (r() >= 0.45) {
    const source = pick(r, sources);
    fields.source = {
      mapValue: { fields: { ...source, fbclid: { booleanValue: r() < 0.5 } } },
    };
  }
  if (r() < 0.04) fields.submitted_at = ts(createdAt - Math.floor((1 + r() * 120) * 60_000));
  fields.status = str(status);
  fields.created_at = ts(createdAt);
  fields.deleted_at = trashed ? ts(createdAt + Math.floor(r() * 10 * DAY_MS)) : { nullValue: null };
  if (contactedAt !== null) fields.last_contacted_at = ts(contactedAt);
  if (status === 'principal' && r() < 0.5) fields.assigned_to = str('recrutadora@vagas.test');
  const keys = leadKeys(nome, whatsapp, contactedAt);
  fields.search_keys = { arrayValue: { values: keys.search_keys.map(str) } };
  fields.phone_key = str(keys.phone_key);
  fields.contacted = { booleanValue: keys.contacted };
  fields.name_key = str(keys.name_key);
  return { id, fields, createdAt, trashed, phoneDigits: digits, firstName };
}

/** Leads 0..`count` - 1 of `volumeLead` as documents of `database`'s `leads`; `seen` gets each. */
export function* volumeLeadDocuments(
  database: string,
  count: number,
  opts: { now: number; days: number; trashedShare: number },
  seen?: (lead: VolumeLead, i: number) => void,
): Generator<SeedDocument> {
  for (let i = 0; i < count; i++) {
    const lead = volumeLead(i, count, opts);
    seen?.(lead, i);
    const micros = lead.createdAt * 1000;
    yield {
      database,
      path: `leads/${lead.id}`,
      fields: lead.fields,
      createTime: micros,
      updateTime: micros,
    };
  }
}
