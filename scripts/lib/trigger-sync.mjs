/**
 * Registers the Functions emulator's Firestore triggers with our Firestore emulator.
 *
 * firebase-tools registers Firestore triggers only with a Firestore emulator it started itself
 * (functionsEmulator.js, addFirestoreTrigger). Ours is started by the local suite, so this does
 * what firebase-tools would: it reads the Functions emulator's function list (`GET /backends`),
 * and registers each Firestore trigger with ours under the key the Functions emulator expects
 * events at (`{region}-{function}-{generation}`; the generation grows on every reload, so the
 * current keys are read from the Functions emulator's 404 answer, "valid functions are: ..."),
 * with the same bodies firebase-tools sends. It polls, so functions that reload (a rebuilt
 * functions/lib) are registered again, and registrations of removed functions are dropped.
 */

/** @typedef {{ host: string, port: number }} Address */
/**
 * @typedef {object} FunctionDef what `GET /backends` lists per function
 * @property {string} id `{region}-{function}`
 * @property {string} [platform] `gcfv1` or `gcfv2`
 * @property {{ eventType: string, resource?: string, eventFilters?: Record<string, string>, eventFilterPathPatterns?: Record<string, string> }} [eventTrigger]
 */
/** @typedef {{ method: 'POST' | 'PUT', path: string, body: string }} Registration */
/**
 * @typedef {object} TriggerSync the running sync
 * @property {() => Promise<void>} stop
 * @property {() => Promise<void>} syncNow one round now, after the round under way: the
 *   registrations match the Functions emulator's triggers when it resolves (rejects on failure)
 */

const PROBE = '__trigger_key_probe__';

/** @param {FunctionDef} def */
export function isFirestoreTrigger(def) {
  const type = def.eventTrigger?.eventType ?? '';
  return (
    type.startsWith('google.cloud.firestore.document.v1.') ||
    type.startsWith('providers/cloud.firestore/') ||
    type.startsWith('google.firestore.document.')
  );
}

/**
 * The registration firebase-tools would send for `def` under `key` (getV1FirestoreAttributes /
 * getV2FirestoreAttributes in functionsEmulator.js).
 * @param {string} projectId @param {string} key @param {FunctionDef} def
 * @returns {Registration}
 */
export function registrationFor(projectId, key, def) {
  const trigger = def.eventTrigger ?? { eventType: '' };
  if (def.platform !== 'gcfv2') {
    return {
      method: 'PUT',
      path: `/emulator/v1/projects/${projectId}/triggers/${encodeURIComponent(key)}`,
      body: JSON.stringify({ eventTrigger: { ...trigger, service: 'firestore.googleapis.com' } }),
    };
  }
  const exact = trigger.eventFilters?.document;
  const pattern = trigger.eventFilterPathPatterns?.document;
  return {
    method: 'POST',
    path: `/emulator/v1/projects/${projectId}/eventarcTrigger?eventarcTriggerId=${encodeURIComponent(key)}`,
    body: JSON.stringify({
      eventType: trigger.eventType,
      database: trigger.eventFilters?.database ?? '(default)',
      namespace: trigger.eventFilters?.namespace ?? '(default)',
      document: { value: pattern ?? exact, matchType: pattern ? 'PATH_PATTERN' : 'EXACT' },
    }),
  };
}

/**
 * The newest key of each function id among the Functions emulator's keys (`{id}-{generation}`).
 * @param {string[]} ids @param {string[]} keys
 * @returns {Map<string, string>}
 */
export function newestKeys(ids, keys) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const id of ids) {
    let best = -1;
    for (const key of keys) {
      if (!key.startsWith(`${id}-`)) continue;
      const generation = key.slice(id.length + 1);
      if (/^\d+$/.test(generation) && Number(generation) > best) {
        best = Number(generation);
        out.set(id, key);
      }
    }
  }
  return out;
}

/**
 * @param {string} url @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
async function request(url, init) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
}

/**
 * Every key the Functions emulator knows, from its answer for an unknown one.
 * @param {string} functionsBase @param {string} projectId
 * @returns {Promise<string[]>}
 */
export async function functionsKeys(functionsBase, projectId) {
  const res = await request(`${functionsBase}/functions/projects/${projectId}/triggers/${PROBE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const text = await res.text();
  const listed = /valid functions are:(.*)$/s.exec(text);
  if (res.status !== 404 || !listed) {
    throw new Error(
      `unexpected answer to the trigger key probe (${res.status}): ${text.slice(0, 200)}`,
    );
  }
  return listed[1]
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/**
 * What our emulator should hold: each Firestore trigger's registration by key.
 * @param {string} functionsBase @param {string} projectId @param {FunctionDef[]} defs
 * @returns {Promise<Map<string, Registration>>}
 */
async function desiredRegistrations(functionsBase, projectId, defs) {
  /** @type {Map<string, FunctionDef>} the last definition listed for each id is the current one */
  const byId = new Map();
  for (const def of defs) byId.set(def.id, def);
  const keys = byId.size ? await functionsKeys(functionsBase, projectId) : [];
  /** @type {Map<string, Registration>} */
  const desired = new Map();
  for (const [id, key] of newestKeys([...byId.keys()], keys)) {
    desired.set(key, registrationFor(projectId, key, /** @type {FunctionDef} */ (byId.get(id))));
  }
  return desired;
}

/**
 * Starts polling; `ready` resolves after the first complete sync (with the number of triggers).
 * `onRound` is told after each polling round: for tests.
 * @param {{ projectId: string, functions: Address, firestore: Address, intervalMs?: number, log?: (line: string) => void, onRound?: () => void }} options
 */
export function startTriggerSync(options) {
  const { projectId, intervalMs = 1000 } = options;
  const log = options.log ?? (() => {});
  const functionsBase = `http://${options.functions.host}:${options.functions.port}`;
  const firestoreBase = `http://${options.firestore.host}:${options.firestore.port}`;
  let stopped = false;
  let lastDefs = '';
  /** @type {Map<string, Registration>} */
  let desired = new Map();
  let lastError = '';

  /** One round: read the functions, register what is missing, drop what is gone. */
  const syncOnce = async () => {
    const backends = await (await request(`${functionsBase}/backends`)).json();
    /** @type {FunctionDef[]} */
    const defs = (backends.backends ?? [])
      .flatMap((/** @type {{ functionTriggers?: FunctionDef[] }} */ b) => b.functionTriggers ?? [])
      .filter(isFirestoreTrigger);
    const signature = JSON.stringify(defs);
    if (signature !== lastDefs) {
      desired = await desiredRegistrations(functionsBase, projectId, defs);
      lastDefs = signature;
    }
    const listed = await (
      await request(`${firestoreBase}/emulator/v1/projects/${projectId}/triggers`)
    ).json();
    /** @type {Map<string, string>} key → registered body */
    const current = new Map(
      (listed.triggers ?? []).map((/** @type {{ key: string, registration: unknown }} */ t) => [
        t.key,
        JSON.stringify(t.registration),
      ]),
    );
    for (const key of current.keys()) {
      if (desired.has(key)) continue;
      await request(
        `${firestoreBase}/emulator/v1/projects/${projectId}/triggers/${encodeURIComponent(key)}`,
        {
          method: 'DELETE',
        },
      );
      log(`[triggers] unregistered ${key}`);
    }
    for (const [key, reg] of desired) {
      if (current.get(key) === reg.body) continue;
      const res = await request(`${firestoreBase}${reg.path}`, {
        method: reg.method,
        headers: { 'content-type': 'application/json' },
        body: reg.body,
      });
      if (!res.ok)
        throw new Error(`registering ${key} failed (${res.status}): ${await res.text()}`);
      log(`[triggers] registered ${key}`);
    }
    return desired.size;
  };

  /** @type {(n: number) => void} */
  let resolveReady = () => {};
  /** @type {Promise<number>} */
  const ready = new Promise((resolve) => (resolveReady = resolve));
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** The round under way, if any: rounds never overlap. */
  /** @type {Promise<unknown> | null} */
  let round = null;
  /** @param {() => Promise<void>} body */
  const oneRound = async (body) => {
    while (round) await round.catch(() => {});
    const current = body();
    round = current;
    try {
      await current;
    } finally {
      if (round === current) round = null;
    }
  };
  const synced = async () => {
    resolveReady(await syncOnce());
    lastError = '';
  };
  const loop = async () => {
    await oneRound(async () => {
      try {
        await synced();
      } catch (error) {
        const message = String(error instanceof Error ? error.message : error);
        if (message !== lastError) log(`[triggers] sync failed (retrying): ${message}`);
        lastError = message;
      }
    });
    options.onRound?.();
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  void loop();
  return {
    ready,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    /**
     * A round now, after the one under way: once the Functions emulator has reloaded its triggers
     * (enableBackgroundTriggers gives them new keys), our emulator gets them at once rather than
     * within the polling interval.
     */
    syncNow: () => oneRound(synced),
  };
}

/**
 * Starts the sync and waits for its first round (the local suite's step after the Functions
 * emulator is ready); rejects when nothing could be registered within `timeoutMs`.
 * @param {{ projectId: string, functions: Address, firestore: Address, intervalMs?: number, log?: (line: string) => void, onRound?: () => void, timeoutMs?: number }} options
 * @returns {Promise<TriggerSync>}
 */
export async function syncTriggers(options) {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const sync = startTriggerSync(options);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`The Firestore triggers were not registered within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
  });
  try {
    const count = await Promise.race([sync.ready, timeout]);
    options.log?.(`[triggers] ${count} Firestore trigger(s) registered with our emulator`);
  } catch (error) {
    sync.stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { stop: async () => sync.stop(), syncNow: sync.syncNow };
}
