/**
 * Warms the Functions emulator before the launcher says it is ready. firebase-tools starts a
 * worker process for a function at its first request (it loads the whole functions bundle:
 * firebase-admin, firebase-functions), and that worker then stays idle for the next ones. Cold,
 * the first application waited about 9 s for its keys and each callable answered its first call
 * after seconds.
 *
 * Nothing is written and nothing is left to see:
 * - each Firestore trigger gets one event without a document (neither before nor after, the shape
 *   of no real write) at a scratch path: the functions return at once on an event with no data;
 * - each callable gets one request without an App Check token and without a user, which it
 *   refuses before it reads anything.
 */
import { functionsKeys, isFirestoreTrigger } from './trigger-sync.mjs';

/** @typedef {{ host: string, port: number }} Address */
/**
 * @typedef {object} BackendFunction what the Functions emulator's `GET /backends` lists per function
 * @property {string} id `{region}-{function}`
 * @property {string} [name]
 * @property {string} [entryPoint]
 * @property {string} [region]
 * @property {string} [platform] `gcfv1` or `gcfv2`
 * @property {Record<string, string>} [labels]
 * @property {object} [httpsTrigger]
 * @property {object} [callableTrigger]
 * @property {{ eventType: string, eventFilters?: Record<string, string> }} [eventTrigger]
 */
/**
 * @typedef {object} WarmResult
 * @property {{ name: string, ms: number, status: number }[]} functions each function's warm-up
 *   request: how long it took (its worker's start included) and the status it was answered with
 * @property {number} ms the whole warm-up
 */

/** No lead, note or vacancy is ever written under this id (ids the app makes never hold `~`). */
export const scratchId = '~warm-up~';

/**
 * @param {BackendFunction} def
 * @returns {boolean}
 */
export function isCallable(def) {
  return Boolean(def.callableTrigger || def.labels?.['deployment-callable'] === 'true');
}

/**
 * The document an event for `def` is about: its path pattern with every wildcard the scratch id.
 * @param {BackendFunction} def
 */
export function scratchPath(def) {
  const filters = def.eventTrigger?.eventFilters ?? {};
  // v2 keeps the pattern in eventFilterPathPatterns; v1 in the resource's `documents/...` part.
  const pattern =
    /** @type {Record<string, Record<string, string>>} */ (def.eventTrigger ?? {})
      .eventFilterPathPatterns?.document ??
    filters.document ??
    /** @type {{ resource?: string }} */ (def.eventTrigger ?? {}).resource?.split(
      '/documents/',
    )[1] ??
    '';
  return pattern.replace(/\{[^}]*\}/g, scratchId);
}

/**
 * The request firebase-tools' Functions emulator takes a Firestore event as, without a document:
 * a v2 CloudEvent with an empty DocumentEventData, or a v1 event with empty `data`.
 * @param {string} projectId @param {BackendFunction} def
 * @returns {{ headers: Record<string, string>, body: string }}
 */
export function emptyEvent(projectId, def) {
  const path = scratchPath(def);
  const eventType = def.eventTrigger?.eventType ?? '';
  const id = `warm-up-${Date.now()}-${def.id}`;
  if (def.platform !== 'gcfv2') {
    const resource = `projects/${projectId}/databases/(default)/documents/${path}`;
    return {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        eventId: id,
        timestamp: new Date().toISOString(),
        eventType,
        resource,
        data: {},
      }),
    };
  }
  return {
    headers: {
      'content-type': 'application/protobuf',
      'ce-specversion': '1.0',
      'ce-id': id,
      'ce-source': `//firestore.googleapis.com/projects/${projectId}/databases/(default)`,
      'ce-type': eventType,
      'ce-subject': encodeURIComponent(`documents/${path}`),
      'ce-time': new Date().toISOString(),
      'ce-project': projectId,
      'ce-database': '(default)',
      'ce-namespace': '(default)',
      'ce-document': encodeURIComponent(path),
      'ce-location': 'nam5',
      // An event without a writer: the timeline's functions would resolve a user's e-mail.
      'ce-authtype': 'unauthenticated',
    },
    body: '',
  };
}

/**
 * @param {string} url @param {RequestInit} init @param {number} timeoutMs
 * @returns {Promise<number>} the answer's status (its body read to the end)
 */
async function send(url, init, timeoutMs) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Starts every function's worker once, by default all at once: each start is a Node process with
 * about 1 s of CPU to spend, and on a machine shared with other work, processes started together
 * get their share of it together (three at a time took three times as long at a load of 17 on 2
 * cores). On an idle machine it makes no difference: the cores are busy either way.
 * @param {{ projectId: string, functions: Address, parallel?: number, timeoutMs?: number, log?: (line: string) => void }} options
 * @returns {Promise<WarmResult>}
 */
export async function warmFunctions(options) {
  const { projectId, parallel = Infinity, timeoutMs = 120_000 } = options;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const base = `http://${options.functions.host}:${options.functions.port}`;
  const backends = await (await fetch(`${base}/backends`)).json();
  /** @type {BackendFunction[]} */
  const defs = (backends.backends ?? []).flatMap(
    (/** @type {{ functionTriggers?: BackendFunction[] }} */ b) => b.functionTriggers ?? [],
  );
  const triggers = defs.filter(isFirestoreTrigger);
  const keys = triggers.length ? await functionsKeys(base, projectId) : [];
  /** @type {{ name: string, run: () => Promise<number> }[]} */
  const jobs = [];
  for (const def of triggers) {
    // The newest generation of the function's key, as the trigger sync registers it.
    const key = keys
      .filter((k) => k.startsWith(`${def.id}-`) && /^\d+$/.test(k.slice(def.id.length + 1)))
      .sort((a, b) => Number(b.slice(def.id.length + 1)) - Number(a.slice(def.id.length + 1)))[0];
    if (!key) continue;
    const { headers, body } = emptyEvent(projectId, def);
    const url = `${base}/functions/projects/${projectId}/triggers/${encodeURIComponent(key)}`;
    jobs.push({ name: def.id, run: () => send(url, { method: 'POST', headers, body }, timeoutMs) });
  }
  for (const def of defs.filter(isCallable)) {
    const name = def.entryPoint ?? def.name ?? def.id.split('-').slice(1).join('-');
    const url = `${base}/${projectId}/${def.region ?? 'us-central1'}/${name}`;
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: null }),
    };
    jobs.push({ name: def.id, run: () => send(url, init, timeoutMs) });
  }
  /** @type {WarmResult['functions']} */
  const results = [];
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const t0 = performance.now();
      const status = await job.run().catch(() => 0);
      const ms = Math.round(performance.now() - t0);
      results.push({ name: job.name, ms, status });
      log(`[warm-up] ${job.name}: ${status || 'no answer'} in ${ms} ms`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, jobs.length)) }, worker));
  return { functions: results, ms: Math.round(performance.now() - started) };
}
