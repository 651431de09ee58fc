/**
 * A volume of leads for QA and demos, stored as the app stores them: what the public forms write
 * (each form's jobs and towns, age and experience for the call center, the visit's source, the
 * consent note's version, sometimes the device's submit time), what admins change later (status,
 * contact, responsible, the trash), the keys the leadTimeline function adds (lead-keys.ts), and the
 * timeline entries those changes would have written. Spread over the last `days` days (more
 * recent ones, office hours), every status, job, town and source; some numbers applied twice (the
 * 'duplicado' filter). Lead `i` of a seed is always the same lead with the same id, so a second
 * run rewrites the same documents (and a larger one adds to them).
 * Needs tsx (it reads the web app's TypeScript lists): `npm run seed` runs it so.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { leadKeys } from '@vagas/common';

/**
 * What a candidate fills in on `form`, drawn from the lead table (the web app's
 * domain/testing/lead-samples.ts), and the lead that form stores from it.
 * @typedef {'root' | 'callCenter'} LeadForm
 * @type {{
 *   sampleFormValues: (form: LeadForm, random: () => number) => Record<string, string | number>,
 * }}
 */
const { sampleFormValues } = await import(
  // Computed: its imports are for the web app's bundler, not for this folder's type-check.
  new URL('../../web/src/domain/testing/lead-samples.ts', import.meta.url).href
);
/** @type {{ toLead: (form: LeadForm, values: Record<string, string | number>) => Record<string, unknown> }} */
const { toLead } = await import(new URL('../../web/src/domain/lead-form.ts', import.meta.url).href);
/** @type {{ ageLimits: { min: number, max: number } }} */
const { ageLimits } = await import(
  new URL('../../web/src/domain/options.ts', import.meta.url).href
);

/**
 * The counters' reconcile (functions/): the seed writes with the triggers off, so it recomputes
 * `stats/leads` and the seeded days' `stats_daily` itself, as the panel and Relatórios read them.
 * @type {{
 *   reconcileLeadStats: (
 *     db: import('firebase-admin/firestore').Firestore,
 *     options?: { days?: number | 'all', now?: Date },
 *   ) => Promise<{ corrected: Record<string, { was: number, now: number }>, days: number, daysCorrected: string[] }>,
 * }}
 */
const { reconcileLeadStats } = await import(
  new URL('../../functions/src/lead-stats-reconcile.ts', import.meta.url).href
);

const DAY = 86_400_000;
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
/** @type {[number, { utm_source: string, utm_medium: string, utm_campaign?: string }][]} weight, source */
const sources = [
  [30, { utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'vagas-operador' }],
  [15, { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'stories-conecta' }],
  [10, { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'vagas-coite' }],
  [10, { utm_source: 'whatsapp', utm_medium: 'referral' }],
  [5, { utm_source: 'indeed', utm_medium: 'jobs', utm_campaign: 'anuncio-supervisor' }],
];
/** @type {[number, string][]} weight, status (a lead older than a few days) */
const statuses = [
  [40, 'novo'],
  [20, 'principal'],
  [22, 'separado'],
  [18, 'descartado'],
];
/** Share of leads in the trash, applied with a number another lead has, sent later from a device. */
const shares = { trash: 0.06, duplicate: 0.03, submittedLater: 0.04, noSource: 0.45 };
const idChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A small seeded generator (mulberry32): the same seed, the same numbers. @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator of lead `i` of seed `seed` (`salt`: another stream of the same lead). */
const streamOf = (/** @type {number} */ seed, /** @type {number} */ i, salt = 0) =>
  random(Math.imul(seed ^ 0x9e3779b9, 2654435761) ^ Math.imul(i + 1, 40503) ^ (salt * 7919));

/** @template T @param {() => number} r @param {readonly T[]} list @returns {T} */
const pick = (r, list) => /** @type {T} */ (list[Math.floor(r() * list.length)]);

/** @template T @param {() => number} r @param {[number, T][]} weighted @returns {T} */
function pickWeighted(r, weighted) {
  let n = r() * weighted.reduce((sum, [w]) => sum + w, 0);
  for (const [w, value] of weighted) if ((n -= w) < 0) return value;
  return weighted[weighted.length - 1][1];
}

/** The WhatsApp number of lead `i`, as the form's mask stores it. @param {number} seed @param {number} i */
function phoneOf(seed, i) {
  const r = streamOf(seed, i, 1);
  const digits = Array.from({ length: 8 }, () => Math.floor(r() * 10)).join('');
  return `(${pick(r, ddds)}) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/**
 * When lead `i` reached the server: over the last `days` days, more of them recently, mostly
 * between 7:00 and 22:00 (Brasília, UTC-3).
 * @param {() => number} r @param {number} now @param {number} days
 */
function createdAt(r, now, days) {
  const dayAgo = Math.floor(days * r() ** 1.6);
  const hour = 7 + Math.floor(15 * r());
  const day = new Date(now - dayAgo * DAY);
  const at =
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour + 3) +
    Math.floor(r() * 3_600_000);
  return Math.min(at, now - Math.floor(r() * 60_000));
}

/**
 * @typedef {object} SeedSpec
 * @property {number} seed
 * @property {number} days
 * @property {number} now
 * @property {{ email: string, uid: string }} admin who made the admins' changes
 */
/** @typedef {{ id: string, lead: Record<string, unknown>, timeline: Record<string, unknown>[] }} SeededLead */

/**
 * Lead `i` of the seed, and the timeline entries its admins' changes would have written.
 * @param {SeedSpec} spec @param {number} i
 * @returns {SeededLead}
 */
export function seededLead(spec, i) {
  const { seed, days, now, admin } = spec;
  const r = streamOf(seed, i);
  const id = Array.from({ length: 20 }, () => pick(r, [...idChars])).join('');
  const form = r() < 0.4 ? 'root' : 'callCenter';
  const nome = `${pick(r, first)} ${r() < 0.4 ? `${pick(r, last)} ` : ''}${pick(r, last)}`;
  const whatsapp =
    i >= 40 && r() < shares.duplicate
      ? phoneOf(seed, i - 1 - Math.floor(r() * 40))
      : phoneOf(seed, i);
  const created = createdAt(r, now, days);
  // Every field of the form from the lead table; names, numbers and ages as a campaign has them.
  /** @type {Record<string, string | number>} */
  const values = { ...sampleFormValues(form, r), nome, whatsapp };
  if (form === 'callCenter') {
    values.idade =
      ageLimits.min + 2 + Math.floor(r() ** 1.8 * (ageLimits.max - ageLimits.min - 12));
  }
  const lead = toLead(form, values);
  if (r() >= shares.noSource) {
    const source = pickWeighted(r, sources);
    const paid = source.utm_source === 'facebook' || source.utm_source === 'instagram';
    lead.source = { ...source, fbclid: paid && r() < 0.8 };
  }
  if (r() < shares.submittedLater)
    lead.submitted_at = Timestamp.fromMillis(created - Math.floor((1 + r() * 120) * 60_000));
  const age = now - created;
  const status = age < 3 * DAY && r() < 0.8 ? 'novo' : pickWeighted(r, statuses);
  /** A time of an admin's change, after the lead came in. */
  const later = () => created + Math.floor(r() * Math.min(age, 10 * DAY));
  /** @type {[number, string, string | null, string | null][]} the changes: time, kind, from, to */
  const changes = [];
  if (status !== 'novo') changes.push([later(), 'status', 'novo', status]);
  const contacted = (status === 'principal' || status === 'separado') && r() < 0.6 ? later() : null;
  if (contacted !== null) changes.push([contacted, 'contacted', null, null]);
  const assigned = status === 'principal' && r() < 0.5 ? admin.email : null;
  if (assigned) changes.push([later(), 'assigned', null, assigned]);
  const trashed = r() < shares.trash ? later() : null;
  if (trashed !== null) changes.push([trashed, 'trashed', null, null]);
  Object.assign(lead, {
    status,
    created_at: Timestamp.fromMillis(created),
    deleted_at: trashed === null ? null : Timestamp.fromMillis(trashed),
    ...(contacted === null ? {} : { last_contacted_at: Timestamp.fromMillis(contacted) }),
    ...(assigned ? { assigned_to: assigned } : {}),
    ...leadKeys(nome, whatsapp, contacted),
  });
  const timeline = changes
    .sort((a, b) => a[0] - b[0])
    .map(([at, kind, from, to]) => ({
      kind,
      from,
      to,
      excerpt: null,
      at: Timestamp.fromMillis(at),
      actor_type: 'app_user',
      actor_uid: admin.uid,
      actor_email: admin.email,
    }));
  return { id, lead, timeline };
}

/** Writes per batch: Firestore's limit is 500. */
const BATCH_WRITES = 490;

/**
 * Writes leads `0..count - 1` of the seed, each with its timeline, in batches of up to 490 writes,
 * 3 batches at a time; `progress` is told how many leads are written after each round. Then the
 * counters are recomputed from every stored lead (the triggers that keep them are off meanwhile):
 * `statsDays` is how many `stats_daily` days were rebuilt.
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {SeedSpec & { count: number, progress?: (written: number) => void }} spec
 * @returns {Promise<{ leads: number, trashed: number, timeline: number, statsDays: number }>}
 */
export async function seedLeads(db, spec) {
  const totals = { leads: 0, trashed: 0, timeline: 0, statsDays: 0 };
  /** @type {Promise<unknown>[]} */
  let inFlight = [];
  let batch = db.batch();
  let writes = 0;
  const send = async () => {
    inFlight.push(batch.commit());
    batch = db.batch();
    writes = 0;
    if (inFlight.length === 3) {
      await Promise.all(inFlight);
      inFlight = [];
      spec.progress?.(totals.leads);
    }
  };
  for (let i = 0; i < spec.count; i++) {
    const { id, lead, timeline } = seededLead(spec, i);
    if (writes + 1 + timeline.length > BATCH_WRITES) await send();
    const ref = db.collection('leads').doc(id);
    batch.set(ref, lead);
    timeline.forEach((entry, n) => batch.set(ref.collection('timeline').doc(`seed-${n}`), entry));
    writes += 1 + timeline.length;
    totals.leads++;
    totals.timeline += timeline.length;
    if (lead.deleted_at) totals.trashed++;
  }
  if (writes > 0) inFlight.push(batch.commit());
  await Promise.all(inFlight);
  spec.progress?.(totals.leads);
  totals.statsDays = (await reconcileLeadStats(db, { days: 'all', now: new Date(spec.now) })).days;
  return totals;
}
