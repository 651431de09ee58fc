/**
 * App Check endpoints: mint a token for an app (what a web app's `CustomProvider` calls), verify one
 * (what a function in the Functions emulator calls, which skips verification itself), and the mode.
 */
import { MAX_TTL_MILLIS, type AppCheck } from '../../app-check/index.js';
import {
  EndpointError,
  readJsonBody,
  sendEndpointJson,
  type BuiltinEndpoint,
  type EndpointRequest,
} from './router.js';

const invalid = (message: string) => new EndpointError(400, 'INVALID_ARGUMENT', message);

/** The body as an object with only the `allowed` fields (a misspelt field is an error, not ignored). */
async function bodyFields(req: EndpointRequest['req'], allowed: string[]) {
  const body = await readJsonBody(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('Request body must be a JSON object.');
  }
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) {
    throw invalid(`Unknown field ${JSON.stringify(unknown[0])}; expected ${allowed.join(', ')}.`);
  }
  return body as Record<string, unknown>;
}

function appIdOf(value: unknown): string {
  // Real app ids look like `1:1234567890:web:0123abcd`; any printable id up to 256 characters will do.
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,256}$/.test(value)) {
    throw invalid('"appId" must be the app id, a string of 1 to 256 printable characters.');
  }
  return value;
}

function ttlOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > MAX_TTL_MILLIS) {
    throw invalid(
      `"ttlMillis" must be an integer of at most ${MAX_TTL_MILLIS} (7 days); 0 or less mints an expired token.`,
    );
  }
  return value;
}

const PROJECT = '([^/]+)';

/** `POST /emulator/v1/projects/{p}/appCheck:mint` with `{appId, ttlMillis?}`. */
function mintEndpoint(appCheck: AppCheck): BuiltinEndpoint {
  return {
    method: 'POST',
    path: new RegExp(`^/emulator/v1/projects/${PROJECT}/appCheck:mint$`),
    async handle({ req, res, params }) {
      const body = await bodyFields(req, ['appId', 'ttlMillis']);
      const minted = appCheck.mint(params[0], appIdOf(body.appId), ttlOf(body.ttlMillis));
      sendEndpointJson(res, 200, {
        token: minted.token,
        expireTimeMillis: minted.expireTimeMillis,
        issuedAtTimeMillis: minted.issuedAtTimeMillis,
      });
    },
  };
}

/**
 * `POST /emulator/v1/projects/{p}/appCheck:verify` with `{token, consume?}`: the verdict, valid or
 * not, is the answer (200); `consume` marks the token used and says whether it already was.
 */
function verifyEndpoint(appCheck: AppCheck): BuiltinEndpoint {
  return {
    method: 'POST',
    path: new RegExp(`^/emulator/v1/projects/${PROJECT}/appCheck:verify$`),
    async handle({ req, res, params }) {
      const body = await bodyFields(req, ['token', 'consume']);
      if (typeof body.token !== 'string') throw invalid('"token" must be a string.');
      if (body.consume !== undefined && typeof body.consume !== 'boolean') {
        throw invalid('"consume" must be true or false.');
      }
      const verdict = appCheck.verify(body.token, params[0]);
      if (!verdict.valid) {
        const { reason, message, appId } = verdict;
        sendEndpointJson(res, 200, { valid: false, reason, message, ...(appId && { appId }) });
        return;
      }
      sendEndpointJson(res, 200, {
        valid: true,
        appId: verdict.appId,
        token: verdict.claims,
        ...(body.consume === true && { alreadyConsumed: appCheck.consume(verdict.claims) }),
      });
    },
  };
}

/** `GET /emulator/v1/appCheck`: whether App Check is enforced, and the apps tokens may name. */
function modeEndpoint(appCheck: AppCheck): BuiltinEndpoint {
  return {
    method: 'GET',
    path: /^\/emulator\/v1\/appCheck$/,
    handle({ res }) {
      sendEndpointJson(res, 200, {
        enforced: appCheck.enforced,
        appIds: appCheck.appIds ? [...appCheck.appIds] : null,
      });
    },
  };
}

export function appCheckEndpoints(appCheck: AppCheck): BuiltinEndpoint[] {
  return [mintEndpoint(appCheck), verifyEndpoint(appCheck), modeEndpoint(appCheck)];
}
