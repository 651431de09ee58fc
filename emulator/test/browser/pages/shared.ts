/// <reference lib="dom" />
/** Plain-JSON <-> Firestore data for the test pages, and the page's URL configuration. */

/** A JSON value a test passes through page.evaluate; `{$serverTimestamp: true}` and `{$increment: n}` are sentinels. */
export type PlainValue =
  null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue };
export type PlainData = { [key: string]: PlainValue };

export interface PageConfig {
  host: string;
  port: number;
  projectId: string;
  longPolling: boolean;
  /** false turns the SDK's long-polling auto-detection off (pure streaming). */
  autoDetect: boolean;
  user: string | null;
  /** Signs the user in with the `admin: true` custom claim. */
  admin: boolean;
}

export function readConfig(): PageConfig {
  const params = new URLSearchParams(location.search);
  return {
    host: params.get('host') ?? '127.0.0.1',
    port: Number(params.get('port')),
    projectId: params.get('project') ?? 'demo-browser',
    longPolling: params.get('longPolling') === '1',
    autoDetect: params.get('autoDetect') !== '0',
    user: params.get('user'),
    admin: params.get('admin') === '1',
  };
}

export interface Sentinels {
  serverTimestamp(): unknown;
  increment(n: number): unknown;
}

/** Converts sentinels into SDK field values, recursively. */
export function toFirestore(value: PlainValue, sentinels: Sentinels): unknown {
  if (Array.isArray(value)) return value.map((item) => toFirestore(item, sentinels));
  if (value !== null && typeof value === 'object') {
    if (value.$serverTimestamp === true) return sentinels.serverTimestamp();
    if (typeof value.$increment === 'number') return sentinels.increment(value.$increment);
    const out: { [key: string]: unknown } = {};
    for (const [key, child] of Object.entries(value)) out[key] = toFirestore(child, sentinels);
    return out;
  }
  return value;
}

/** Converts SDK data to plain JSON: Timestamps become `{$millis}`. */
export function toPlain(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value === 'object') {
    const maybe = value as { toMillis?: () => number };
    if (typeof maybe.toMillis === 'function') return { $millis: maybe.toMillis() };
    const out: PlainData = {};
    for (const [key, child] of Object.entries(value as object)) out[key] = toPlain(child);
    return out;
  }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') {
    return value;
  }
  return String(value);
}

/** A where clause as the tests pass it. */
export type Where = [field: string, op: string, value: PlainValue];
export interface QuerySpec {
  collection: string;
  where?: Where[];
  orderBy?: Array<[field: string, direction: 'asc' | 'desc']>;
  limit?: number;
}

/** The emulator mock token for the configured user, if any. */
export function mockToken(
  config: PageConfig,
): { user_id: string; email: string; admin?: boolean } | undefined {
  if (!config.user) return undefined;
  const token = { user_id: config.user, email: `${config.user}@example.com` };
  return config.admin ? { ...token, admin: true } : token;
}
