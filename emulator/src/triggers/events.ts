/**
 * One event as the Functions emulator receives it at `/functions/projects/{p}/triggers/{key}`:
 *  - v2: a binary-mode CloudEvent (`ce-*` headers) whose body is DocumentEventData in protobuf,
 *    base64-encoded with `content-type: application/protobuf` (the Functions emulator decodes it
 *    back, handleHttpsTrigger in functionsEmulator.js); the SDK reads `project`, `database`,
 *    `namespace`, `document` and, for `…withAuthContext`, `authtype` and `authid`;
 *  - v1: the legacy JSON event `{eventId, timestamp, eventType, resource, data: {value, oldValue,
 *    updateMask}}` (the v1 provider builds its snapshots from `data` in proto3 JSON).
 */
import { randomUUID } from 'node:crypto';
import type { DocChange, DocVersion } from '../model/document.js';
import { microsToString } from '../model/time.js';
import type { Caller, JsonObject } from '../service.js';
import { changedFieldPaths, encodeDocumentEventData } from './event-data.js';
import type { ChangeKind, Registration } from './registry.js';

/** A change waiting for delivery to one trigger. */
export interface TriggerEvent {
  id: string;
  /** Replaced when the function is registered again under a new key (see Dispatcher). */
  registration: Registration;
  change: DocChange;
  kind: ChangeKind;
  /** Commit time, microseconds. */
  time: number;
  caller: Caller;
}

export interface EventRequest {
  headers: { [name: string]: string };
  body: Buffer;
}

export function changeKind(change: DocChange): ChangeKind {
  if (!change.before) return 'create';
  return change.after ? 'update' : 'delete';
}

export function newEvent(
  registration: Registration,
  change: DocChange,
  kind: ChangeKind,
  time: number,
  caller: Caller,
): TriggerEvent {
  return { id: randomUUID(), registration, change, kind, time, caller };
}

/** The auth type and id production reports for a writer. */
export function authContext(caller: Caller, projectId: string): { type: string; id?: string } {
  if (caller.kind === 'user') return { type: 'app_user', id: caller.uid };
  if (caller.kind === 'owner') {
    return { type: 'service_account', id: `${projectId}@appspot.gserviceaccount.com` };
  }
  return { type: 'unauthenticated' };
}

/** A CloudEvents HTTP header value: space, `"`, `%` and anything beyond printable ASCII percent-encoded. */
function headerValue(s: string): string {
  return s.replace(/[^\x21-\x7e]|["%]/gu, (c) => encodeURIComponent(c));
}

function v2Request(e: TriggerEvent): EventRequest {
  const r = e.registration;
  const path = e.change.path;
  const headers: { [name: string]: string } = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-id': e.id,
    'ce-source': `//firestore.googleapis.com/projects/${r.projectId}/databases/${r.databaseId}`,
    'ce-type': r.eventType,
    'ce-subject': headerValue(`documents/${path}`),
    'ce-time': microsToString(e.time),
    'ce-project': r.projectId,
    'ce-database': r.databaseId,
    'ce-namespace': '(default)',
    'ce-document': headerValue(path),
    'ce-location': 'nam5',
  };
  if (r.withAuthContext) {
    const auth = authContext(e.caller, r.projectId);
    headers['ce-authtype'] = auth.type;
    if (auth.id !== undefined) headers['ce-authid'] = headerValue(auth.id);
  }
  const data = encodeDocumentEventData(e.change.before, e.change.after);
  return { headers, body: Buffer.from(data.toString('base64')) };
}

function legacyDocument(d: DocVersion, readTime: number): JsonObject {
  return {
    name: d.name,
    fields: d.fields,
    createTime: microsToString(d.createTime),
    updateTime: microsToString(d.updateTime),
    readTime: microsToString(readTime),
  };
}

function v1Request(e: TriggerEvent): EventRequest {
  const { before, after } = e.change;
  const data: JsonObject = {};
  if (after) data.value = legacyDocument(after, e.time);
  if (before) data.oldValue = legacyDocument(before, e.time);
  if (before && after)
    data.updateMask = { fieldPaths: changedFieldPaths(before.fields, after.fields) };
  const r = e.registration;
  const event: JsonObject = {
    eventId: e.id,
    timestamp: microsToString(e.time),
    eventType: r.eventType,
    resource: `projects/${r.projectId}/databases/${r.databaseId}/documents/${e.change.path}`,
    data,
  };
  return {
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(event)),
  };
}

/** The request that delivers `e` (built when it is sent, never on the write path). */
export function eventRequest(e: TriggerEvent): EventRequest {
  return e.registration.api === 'v2' ? v2Request(e) : v1Request(e);
}
