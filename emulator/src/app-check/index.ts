/**
 * App Check for the emulator: the key it signs tokens with, minting (the stand-in for the App Check
 * exchange a real attestation provider ends in), verifying, and replay protection by `consume`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signToken, verifyToken } from './token.js';
import type { AppCheckClaims, AppCheckVerdict, AppCheckVerifier } from './verdict.js';

export type {
  AppCheckClaims,
  AppCheckFailure,
  AppCheckVerdict,
  AppCheckVerifier,
} from './verdict.js';

export interface AppCheckOptions {
  /** Refuse client requests without a valid token (default false: tokens are ignored). */
  enforce?: boolean;
  /** The app ids tokens may name; tokens for other apps are refused (default: any app). */
  appIds?: string[];
  /** The signing key (default: kept in `dataDir`, else random per process). */
  secret?: string;
}

/** What the mint endpoint answers: the shape `CustomProvider`'s `getToken` returns, and more. */
export interface MintedToken {
  token: string;
  expireTimeMillis: number;
  issuedAtTimeMillis: number;
  claims: AppCheckClaims;
}

/** Production's default token lifetime, and the longest it allows. */
export const DEFAULT_TTL_MILLIS = 60 * 60 * 1000;
export const MAX_TTL_MILLIS = 7 * 24 * 60 * 60 * 1000;
/** Consumed token ids kept at most (each until its token expires). */
const MAX_CONSUMED = 100_000;
const KEY_FILE = 'app-check.key';

/**
 * The signing key. In a data directory it is kept across restarts, so the tokens a browser holds
 * stay valid when the emulator restarts on the same data.
 */
function loadKey(options: AppCheckOptions, dataDir: string | undefined): Buffer {
  if (options.secret) return Buffer.from(options.secret, 'utf8');
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, KEY_FILE);
  try {
    const stored = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (stored.length >= 32) return stored;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Could not read the App Check key ${file}: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }
  // Missing (or not a key): a new one; tokens signed with anything else are refused from now on.
  const key = randomBytes(32);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  } catch (e) {
    throw new Error(`Could not write the App Check key ${file}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  return key;
}

export class AppCheck implements AppCheckVerifier {
  readonly enforced: boolean;
  readonly appIds: ReadonlySet<string> | undefined;
  private readonly key: Buffer;
  /** Token id -> its expiry (ms): consumed tokens, oldest first. */
  private readonly consumed = new Map<string, number>();

  constructor(options: AppCheckOptions = {}, dataDir?: string) {
    this.enforced = options.enforce === true;
    this.appIds = options.appIds?.length ? new Set(options.appIds) : undefined;
    this.key = loadKey(options, dataDir);
  }

  /** A token for `appId` of `projectId` that expires `ttlMillis` from now (0 or less: already expired). */
  mint(
    projectId: string,
    appId: string,
    ttlMillis = DEFAULT_TTL_MILLIS,
    now = Date.now(),
  ): MintedToken {
    const { token, claims } = signToken(this.key, projectId, appId, now, now + ttlMillis);
    return {
      token,
      expireTimeMillis: claims.exp * 1000,
      issuedAtTimeMillis: claims.iat * 1000,
      claims,
    };
  }

  verify(token: string | undefined, projectId: string, now = Date.now()): AppCheckVerdict {
    return verifyToken(this.key, token, projectId, now, this.appIds);
  }

  /**
   * Marks a verified token as used, as `verifyToken(token, {consume: true})` does in production
   * (limited-use tokens for replay protection); true when it had been consumed before.
   */
  consume(claims: AppCheckClaims, now = Date.now()): boolean {
    for (const [id, exp] of this.consumed) {
      if (exp > now && this.consumed.size < MAX_CONSUMED) break;
      this.consumed.delete(id);
    }
    if (this.consumed.has(claims.jti)) return true;
    this.consumed.set(claims.jti, claims.exp * 1000);
    return false;
  }
}
