/** What the engine knows of App Check: a token's verdict, and the verifier the server hands it. */

/** Why a token was refused. */
export type AppCheckFailure =
  'missing' | 'malformed' | 'bad-signature' | 'expired' | 'wrong-project' | 'wrong-app';

/** The claims of an emulator-signed App Check token (the shape of a real one, see token.ts). */
export interface AppCheckClaims {
  iss: string;
  /** The app id. */
  sub: string;
  /** `projects/{projectId}`. */
  aud: string[];
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** Unique per token: the key of replay protection (`consume`). */
  jti: string;
}

export type AppCheckVerdict =
  | { valid: true; appId: string; claims: AppCheckClaims }
  | {
      valid: false;
      reason: AppCheckFailure;
      /** A sentence saying why, for the client's error and the console. */
      message: string;
      /** The token's app id when it could be read (a forged or expired token names one). */
      appId?: string;
    };

/** Decides a request's App Check token; given to the engine only while App Check is enforced. */
export interface AppCheckVerifier {
  /** `token` as the client sent it (undefined: none); `now` in ms since the epoch. */
  verify(token: string | undefined, projectId: string, now?: number): AppCheckVerdict;
}
