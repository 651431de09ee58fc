/**
 * Firestore trigger registration, as the official emulator accepts it from firebase-tools'
 * Functions emulator (src/triggers/registry.ts has the bodies):
 *   POST   /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}   v2
 *   PUT    /emulator/v1/projects/{p}/triggers/{key}                            v1
 *   GET    /emulator/v1/projects/{p}/triggers                                  the registrations
 *   DELETE /emulator/v1/projects/{p}/triggers/{key}                            one (v1 or v2)
 *   DELETE /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}   one (v2)
 *   DELETE /emulator/v1/projects/{p}/triggers                                  all of a project
 * and the Emulator Hub's switch for background functions, on the same paths as firebase-tools' hub
 * (the local suite's hub calls these beside its own):
 *   PUT    /functions/disableBackgroundTriggers   writes fire no trigger until enabled again
 *   PUT    /functions/enableBackgroundTriggers
 */
import {
  functionName,
  parseV1,
  parseV2,
  RegistrationError,
  type Registration,
  type Triggers,
} from '../../triggers/index.js';
import { EndpointError, readJsonBody, sendEndpointJson, type BuiltinEndpoint } from './router.js';

const EVENTARC = /^\/emulator\/v1\/projects\/([^/]+)\/eventarcTrigger$/;
const ONE = /^\/emulator\/v1\/projects\/([^/]+)\/triggers\/([^/]+)$/;
const ALL = /^\/emulator\/v1\/projects\/([^/]+)\/triggers$/;
const DISABLE = /^\/functions\/disableBackgroundTriggers$/;
const ENABLE = /^\/functions\/enableBackgroundTriggers$/;

/** firebase-tools posts the bundle as a JSON string; a doubly encoded one is read too. */
async function readBundle(req: Parameters<typeof readJsonBody>[0]): Promise<unknown> {
  const body = await readJsonBody(req);
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new EndpointError(400, 'INVALID_ARGUMENT', 'Request body is not a JSON object.');
  }
}

function registered(triggers: Triggers, parse: () => Registration): Registration {
  try {
    const reg = parse();
    triggers.registry.add(reg);
    return reg;
  } catch (e) {
    if (e instanceof RegistrationError) throw new EndpointError(400, 'INVALID_ARGUMENT', e.message);
    throw e;
  }
}

function triggerKey(url: URL): string {
  const key = url.searchParams.get('eventarcTriggerId');
  if (!key) throw new EndpointError(400, 'INVALID_ARGUMENT', 'Missing eventarcTriggerId.');
  return key;
}

function describe(r: Registration) {
  return {
    key: r.key,
    function: functionName(r.key),
    api: r.api,
    eventType: r.eventType,
    database: r.databaseId,
    document: r.pattern.source,
    registration: r.body,
  };
}

function removed(triggers: Triggers, projectId: string, key: string): { removed: boolean } {
  return { removed: triggers.registry.remove(projectId, key) };
}

export function triggerEndpoints(triggers: Triggers): BuiltinEndpoint[] {
  return [
    {
      method: 'POST',
      path: EVENTARC,
      async handle({ req, res, url, params: [projectId] }) {
        const key = triggerKey(url);
        const body = await readBundle(req);
        registered(triggers, () => parseV2(projectId, key, body));
        sendEndpointJson(res, 200, {});
      },
    },
    {
      method: 'PUT',
      path: ONE,
      async handle({ req, res, params: [projectId, key] }) {
        const body = await readBundle(req);
        registered(triggers, () => parseV1(projectId, key, body));
        sendEndpointJson(res, 200, {});
      },
    },
    {
      method: 'GET',
      path: ALL,
      handle({ res, params: [projectId] }) {
        sendEndpointJson(res, 200, {
          functionsEmulator: triggers.target ?? null,
          backgroundTriggersEnabled: triggers.backgroundTriggersEnabled,
          triggers: triggers.registry.list(projectId).map(describe),
        });
      },
    },
    {
      method: 'DELETE',
      path: ONE,
      handle({ res, params: [projectId, key] }) {
        sendEndpointJson(res, 200, removed(triggers, projectId, key));
      },
    },
    {
      method: 'DELETE',
      path: EVENTARC,
      handle({ res, url, params: [projectId] }) {
        sendEndpointJson(res, 200, removed(triggers, projectId, triggerKey(url)));
      },
    },
    {
      method: 'DELETE',
      path: ALL,
      handle({ res, params: [projectId] }) {
        sendEndpointJson(res, 200, { removed: triggers.registry.clear(projectId) });
      },
    },
    {
      method: 'PUT',
      path: DISABLE,
      async handle({ res }) {
        await triggers.disableBackgroundTriggers();
        sendEndpointJson(res, 200, { enabled: false });
      },
    },
    {
      method: 'PUT',
      path: ENABLE,
      handle({ res }) {
        triggers.enableBackgroundTriggers();
        sendEndpointJson(res, 200, { enabled: true });
      },
    },
  ];
}
