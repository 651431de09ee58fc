/**
 * Talks to the suite's Auth and Functions emulators over HTTP, as a browser's SDK would: callables
 * get an App Check token from the suite's Firestore emulator, as the web app's do.
 */
import { mintAppCheckToken } from '../../../scripts/lib/app-check.mjs';

export interface EmulatorHosts {
  projectId: string;
  authHost: string;
  functionsHost: string;
  /** Our Firestore emulator, which mints the App Check tokens. */
  firestoreHost: string;
  region: string;
}

export interface Session {
  uid: string;
  idToken: string;
  refreshToken: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Auth emulator REST (the Identity Toolkit API the JS SDK uses). */
export function authClient(hosts: EmulatorHosts) {
  const base = `http://${hosts.authHost}`;
  const session = (body: Record<string, unknown>): Session => ({
    uid: String(body.localId ?? body.user_id),
    idToken: String(body.idToken ?? body.id_token),
    refreshToken: String(body.refreshToken ?? body.refresh_token),
  });
  return {
    async signUp(email: string, password: string): Promise<Session> {
      const r = await postJson(`${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
        email,
        password,
        returnSecureToken: true,
      });
      if (r.status !== 200) throw new Error(`signUp ${email}: ${JSON.stringify(r.body)}`);
      return session(r.body);
    },
    async signIn(email: string, password: string): Promise<Session> {
      const r = await postJson(
        `${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
        { email, password, returnSecureToken: true },
      );
      if (r.status !== 200) throw new Error(`signIn ${email}: ${JSON.stringify(r.body)}`);
      return session(r.body);
    },
    /** What `getIdToken(true)` does: trades the refresh token for a fresh ID token. */
    async refresh(
      s: Session,
    ): Promise<{ ok: true; session: Session } | { ok: false; error: string }> {
      const response = await fetch(`${base}/securetoken.googleapis.com/v1/token?key=k`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: s.refreshToken }),
      });
      const body = (await response.json()) as Record<string, unknown> & {
        error?: { message?: string };
      };
      if (response.status !== 200) return { ok: false, error: String(body.error?.message) };
      return { ok: true, session: session(body) };
    },
  };
}

/** The claims inside an ID token (the emulator's tokens are unsigned JWTs). */
export function claimsOf(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export type CallResult =
  { ok: true; result: unknown } | { ok: false; status: string; message: string };

/**
 * The App Check token a call sends: 'minted' (what the web app sends), none, one signed by anybody
 * but the emulator, or one that has expired.
 */
export type AppCheckSent = 'minted' | 'none' | 'forged' | 'expired';

async function appCheckHeader(
  hosts: EmulatorHosts,
  sent: AppCheckSent,
): Promise<Record<string, string>> {
  if (sent === 'none') return {};
  const { token } = await mintAppCheckToken(hosts.firestoreHost, hosts.projectId, {
    ttlMillis: sent === 'expired' ? -60_000 : undefined,
  });
  // Forged: the claims of a real token, with a signature the emulator did not make.
  const [header, payload] = token.split('.');
  const sentToken = sent === 'forged' ? `${header}.${payload}.${'A'.repeat(43)}` : token;
  return { 'x-firebase-appcheck': sentToken };
}

/** Calls a callable with the callable protocol (POST {data}, Bearer ID token, App Check token). */
export async function callFunction(
  hosts: EmulatorHosts,
  name: string,
  data: unknown = null,
  idToken?: string,
  appCheck: AppCheckSent = 'minted',
): Promise<CallResult> {
  const url = `http://${hosts.functionsHost}/${hosts.projectId}/${hosts.region}/${name}`;
  const headers = {
    ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
    ...(await appCheckHeader(hosts, appCheck)),
  };
  const r = await postJson(url, { data }, headers);
  if ('result' in r.body) return { ok: true, result: r.body.result };
  const error = r.body.error as { status?: string; message?: string } | undefined;
  return { ok: false, status: String(error?.status), message: String(error?.message) };
}
