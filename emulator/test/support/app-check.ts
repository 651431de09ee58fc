/** App Check for tests: tokens from the emulator's mint endpoint, tampered ones, and SDK clients that send them. */
import { deleteApp, initializeApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import {
  connectFirestoreEmulator,
  getFirestore,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import {
  connectFirestoreEmulator as connectLite,
  getFirestore as getLite,
  terminate as terminateLite,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';

export interface Minted {
  token: string;
  expireTimeMillis: number;
  issuedAtTimeMillis: number;
}

interface Emu {
  host: string;
  port: number;
}

const base = (emu: Emu) => `http://${emu.host}:${emu.port}`;

/** POSTs JSON (or a raw string) to an emulator path; the status and the parsed answer. */
export async function postJson(
  emu: Emu,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base(emu)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A token from `POST /emulator/v1/projects/{p}/appCheck:mint`. */
export async function mintToken(
  emu: Emu,
  projectId: string,
  appId: string,
  ttlMillis?: number,
): Promise<Minted> {
  const res = await postJson(emu, `/emulator/v1/projects/${projectId}/appCheck:mint`, {
    appId,
    ...(ttlMillis === undefined ? {} : { ttlMillis }),
  });
  if (res.status !== 200) throw new Error(`mint failed: ${JSON.stringify(res.body)}`);
  return res.body as unknown as Minted;
}

/** The JSON of a JWT part. */
export function jwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** What a forger does with a token it read: the same signature over claims it changed (a year more). */
export function tamper(token: string): string {
  const [header, , signature] = token.split('.');
  const claims = jwtPart(token, 1);
  const changed = { ...claims, exp: Number(claims.exp) + 365 * 24 * 3600 };
  return `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
}

/** How a client gets its token: from the emulator (`mint`), or a fixed string, or none at all. */
export type TokenSource = (() => Promise<{ token: string; expireTimeMillis: number }>) | null;

let appSeq = 0;

function appWithAppCheck(projectId: string, appId: string, source: TokenSource) {
  const app = initializeApp({ projectId, appId, apiKey: 'fake-api-key' }, `ac-${++appSeq}`);
  if (source) {
    initializeAppCheck(app, {
      provider: new CustomProvider({ getToken: source }),
      isTokenAutoRefreshEnabled: false,
    });
  }
  return app;
}

/** The JS SDK in Node (gRPC) with App Check's `CustomProvider` serving `source`'s tokens. */
export function appCheckWebClient(
  emu: Emu,
  projectId: string,
  appId: string,
  source: TokenSource,
): { db: Firestore; close(): Promise<void> } {
  const app = appWithAppCheck(projectId, appId, source);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emu.host, emu.port);
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

/** `firebase/firestore/lite` (REST) with App Check's `CustomProvider` serving `source`'s tokens. */
export function appCheckLiteClient(
  emu: Emu,
  projectId: string,
  appId: string,
  source: TokenSource,
): { db: LiteFirestore; close(): Promise<void> } {
  const app = appWithAppCheck(projectId, appId, source);
  const db = getLite(app);
  connectLite(db, emu.host, emu.port);
  return {
    db,
    close: async () => {
      await terminateLite(db);
      await deleteApp(app);
    },
  };
}
