/// <reference lib="dom" />
/**
 * Test page: the full firebase 12 browser SDK (WebChannel for Listen and Write, REST for counts)
 * with App Check's CustomProvider getting its tokens from the emulator's mint endpoint, as the web
 * app does locally. `?token=` picks what the provider serves: `mint` (a fresh token), `tampered`
 * (a minted token whose expiry a forger extended), `expired` (a token captured after it expired,
 * replayed as current) or `none` (no App Check at all). Tests drive it through window.appCheckApi.
 */
import { initializeApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getCountFromServer,
  getDocFromServer,
  initializeFirestore,
  onSnapshot,
  setDoc,
} from 'firebase/firestore';
import { readConfig, toPlain, type PlainData } from './shared.js';

const config = readConfig();
const params = new URLSearchParams(location.search);
const appId = params.get('appId') ?? '1:123456789:web:vagas';
const mode = params.get('token') ?? 'mint';
const emulator = `http://${config.host}:${config.port}`;

interface Minted {
  token: string;
  expireTimeMillis: number;
}

let minted = 0;
async function mint(ttlMillis?: number): Promise<Minted> {
  const res = await fetch(`${emulator}/emulator/v1/projects/${config.projectId}/appCheck:mint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appId, ...(ttlMillis === undefined ? {} : { ttlMillis }) }),
  });
  if (!res.ok) throw new Error(`mint: HTTP ${res.status}`);
  minted += 1;
  return (await res.json()) as Minted;
}

const b64urlDecode = (part: string) => atob(part.replace(/-/g, '+').replace(/_/g, '/'));
const b64urlEncode = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

let expired: Promise<string> | undefined;
const sources: Record<string, () => Promise<Minted>> = {
  mint: () => mint(),
  async tampered() {
    const { token, expireTimeMillis } = await mint();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(b64urlDecode(payload)) as { exp: number };
    const forged = b64urlEncode(JSON.stringify({ ...claims, exp: claims.exp + 365 * 86_400 }));
    return { token: `${header}.${forged}.${signature}`, expireTimeMillis };
  },
  async expired() {
    expired ??= mint(-60_000).then((m) => m.token);
    return { token: await expired, expireTimeMillis: Date.now() + 3_600_000 };
  },
};

const app = initializeApp({ projectId: config.projectId, appId, apiKey: 'fake-api-key' });
if (mode !== 'none') {
  initializeAppCheck(app, {
    provider: new CustomProvider({ getToken: sources[mode] }),
    isTokenAutoRefreshEnabled: true,
  });
}
const db = initializeFirestore(
  app,
  config.longPolling
    ? { experimentalForceLongPolling: true }
    : { experimentalAutoDetectLongPolling: config.autoDetect },
);
connectFirestoreEmulator(db, config.host, config.port);

type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    const error = e as { code?: string; message?: string };
    return { ok: false, code: String(error.code), message: String(error.message) };
  }
}

const appCheckApi = {
  /** A write over the WebChannel Write stream. */
  set: (path: string, data: PlainData) => outcome(() => setDoc(doc(db, path), data)),
  /** A read over the WebChannel Listen stream. */
  get: (path: string) =>
    outcome(async () => toPlain((await getDocFromServer(doc(db, path))).data() ?? null)),
  /** A count: RunAggregationQuery over REST (fetch with the X-Firebase-AppCheck header). */
  count: (collectionPath: string) =>
    outcome(async () => (await getCountFromServer(collection(db, collectionPath))).data().count),
  /** The first snapshot (its data) or error of a listener on `path`. */
  listen: (path: string) =>
    outcome(
      () =>
        new Promise<PlainData | null>((resolve, reject) => {
          const stop = onSnapshot(
            doc(db, path),
            (snapshot) => {
              stop();
              resolve(snapshot.exists() ? (toPlain(snapshot.data()) as PlainData) : null);
            },
            reject,
          );
        }),
    ),
  /** How many tokens the provider has minted. */
  minted: () => minted,
};

declare global {
  interface Window {
    appCheckApi: typeof appCheckApi;
    appCheckReady: boolean;
  }
}
window.appCheckApi = appCheckApi;
window.appCheckReady = true;
