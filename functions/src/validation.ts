/** Input checks shared by the callables. */
import { HttpsError, type CallableRequest } from 'firebase-functions/https';

/** The verified caller of a callable (the part of `request.auth` the functions use). */
export interface Caller {
  uid: string;
  token: { email?: string; email_verified?: boolean; admin?: unknown };
}

/**
 * The callables take no arguments: the JS SDK sends `null` for `httpsCallable(fn)()`, and `{}` is
 * accepted too. Anything else is a client bug and gets `invalid-argument`.
 */
export function assertNoArguments(data: unknown): void {
  if (data === undefined || data === null) return;
  if (
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Object.getPrototypeOf(data) === Object.prototype &&
    Object.keys(data).length === 0
  ) {
    return;
  }
  throw new HttpsError('invalid-argument', 'This function takes no arguments.');
}

/** The signed-in caller, or `unauthenticated`. */
export function requireCaller(request: Pick<CallableRequest<unknown>, 'auth'>): Caller {
  const auth = request.auth;
  if (!auth || typeof auth.uid !== 'string' || auth.uid === '') {
    throw new HttpsError('unauthenticated', 'Sign in first.');
  }
  return { uid: auth.uid, token: auth.token };
}

/** A caller whose verified token carries the admin claim, or `permission-denied`. */
export function requireAdmin(request: Pick<CallableRequest<unknown>, 'auth'>): Caller {
  const caller = requireCaller(request);
  if (caller.token.admin !== true) {
    throw new HttpsError('permission-denied', 'Only admins may do this.');
  }
  return caller;
}
