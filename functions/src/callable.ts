/**
 * `onCall` with App Check enforced, for every callable of this codebase: a call without a valid
 * App Check token is refused with `unauthenticated` before the handler runs.
 *
 * In production firebase-functions verifies the token itself (`enforceAppCheck`). The Functions
 * emulator only decodes it: a forged, expired or non-JWT token passes there (emulator/README.md,
 * "Callable functions"). So under the emulator each call also asks our Firestore emulator
 * (`appCheck:verify`), while that emulator enforces App Check (`GET /emulator/v1/appCheck`): the
 * local suite's one switch turns it off for Firestore and the callables alike.
 */
import { logger } from 'firebase-functions';
import {
  type CallableOptions,
  HttpsError,
  onCall as onCallUnchecked,
  type CallableFunction,
  type CallableRequest,
} from 'firebase-functions/https';

type Handler<T, Return> = (request: CallableRequest<T>) => Return;

/** What our Firestore emulator says of a token (`appCheck:verify`). */
interface Verdict {
  valid: boolean;
  message?: string;
}

/** host:port of our Firestore emulator, when running under the emulators. */
function firestoreEmulator(): string | undefined {
  return process.env.FUNCTIONS_EMULATOR === 'true'
    ? process.env.FIRESTORE_EMULATOR_HOST
    : undefined;
}

let enforced: Promise<boolean> | undefined;

/** Whether the Firestore emulator enforces App Check (asked once per worker; a failure is asked again). */
function emulatorEnforces(host: string): Promise<boolean> {
  enforced ??= fetch(`http://${host}/emulator/v1/appCheck`)
    .then(async (response) => ((await response.json()) as { enforced?: boolean }).enforced === true)
    .catch((error: unknown) => {
      enforced = undefined;
      throw error;
    });
  return enforced;
}

/** Under the emulators: refuses a token our Firestore emulator would refuse, saying why. */
export async function verifyWithEmulator(request: CallableRequest<unknown>): Promise<void> {
  const host = firestoreEmulator();
  if (!host || !(await emulatorEnforces(host))) return;
  const project = process.env.GCLOUD_PROJECT ?? '';
  const token = request.rawRequest.header('X-Firebase-AppCheck') ?? '';
  const response = await fetch(`http://${host}/emulator/v1/projects/${project}/appCheck:verify`, {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  const verdict = (await response.json()) as Verdict;
  if (!verdict.valid) {
    logger.warn('App Check token refused', { message: verdict.message });
    throw new HttpsError('unauthenticated', verdict.message ?? 'Invalid App Check token.');
  }
}

/** A callable that refuses calls without a valid App Check token (see above). */
export function onCall<T = unknown, Return = unknown>(
  handler: Handler<T, Return>,
  /** For a long run (the counters' reconcile): more than the default 60 s and 256 MiB. */
  resources: Pick<CallableOptions, 'timeoutSeconds' | 'memory'> = {},
): CallableFunction<T, Promise<Awaited<Return>>> {
  return onCallUnchecked<T, Promise<Awaited<Return>>>(
    { ...resources, enforceAppCheck: true },
    async (request): Promise<Awaited<Return>> => {
      await verifyWithEmulator(request as CallableRequest<unknown>);
      return (await handler(request)) as Awaited<Return>;
    },
  );
}
