/**
 * The Firestore triggers registered with the emulator, in the two forms firebase-tools' Functions
 * emulator sends to the official one (node_modules/firebase-tools/lib/emulator/functionsEmulator.js,
 * getV1FirestoreAttributes / getV2FirestoreAttributes):
 *  - v2: `{eventType, database, namespace, document: {value, matchType: EXACT | PATH_PATTERN}}`
 *    under `?eventarcTriggerId={key}`;
 *  - v1: `{eventTrigger: {eventType, resource: projects/p/databases/d/documents/..., service}}`.
 */
import { compilePattern, PatternError, type DocumentPattern } from './pattern.js';

/** What a commit did to one document. */
export type ChangeKind = 'create' | 'update' | 'delete';

export interface Registration {
  /** The Functions emulator's key for the function (`us-central1-onLeadCreated-0`). */
  key: string;
  projectId: string;
  databaseId: string;
  /** v2: a binary CloudEvent with a protobuf body; v1: the legacy JSON event. */
  api: 'v1' | 'v2';
  /** As registered: `google.cloud.firestore.document.v1.written` or `providers/cloud.firestore/eventTypes/document.write`. */
  eventType: string;
  kinds: ReadonlySet<ChangeKind>;
  /** v2 `…withAuthContext` types carry the writer's auth type and id. */
  withAuthContext: boolean;
  pattern: DocumentPattern;
  /** The body as registered, for listing. */
  body: unknown;
}

/** A registration the emulator cannot accept (answered with 400 INVALID_ARGUMENT). */
export class RegistrationError extends Error {}

const V2_KINDS: { [suffix: string]: ChangeKind[] } = {
  written: ['create', 'update', 'delete'],
  created: ['create'],
  updated: ['update'],
  deleted: ['delete'],
};
const V1_KINDS: { [suffix: string]: ChangeKind[] } = {
  write: ['create', 'update', 'delete'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};
const V2_TYPE =
  /^google\.cloud\.firestore\.document\.v1\.(written|created|updated|deleted)(\.withAuthContext)?$/;
const V1_TYPE =
  /^(?:providers\/cloud\.firestore\/eventTypes\/|google\.firestore\.)document\.(write|create|update|delete)$/;
const V1_RESOURCE = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:@[^/]*)?\/(.+)$/;

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, what: string): string {
  if (typeof v !== 'string' || !v)
    throw new RegistrationError(`Expected ${what} to be a non-empty string.`);
  return v;
}

function compile(document: string, matchType: 'EXACT' | 'PATH_PATTERN'): DocumentPattern {
  try {
    return compilePattern(document, matchType);
  } catch (e) {
    if (e instanceof PatternError) throw new RegistrationError(e.message);
    throw e;
  }
}

/** A v2 (eventarc) registration from its body. */
export function parseV2(projectId: string, key: string, body: unknown): Registration {
  if (!isObj(body)) throw new RegistrationError('Expected a JSON object.');
  const eventType = text(body.eventType, 'eventType');
  const type = V2_TYPE.exec(eventType);
  if (!type) throw new RegistrationError(`Unsupported Firestore event type "${eventType}".`);
  const document = isObj(body.document) ? body.document : {};
  const matchType = document.matchType ?? 'EXACT';
  if (matchType !== 'EXACT' && matchType !== 'PATH_PATTERN') {
    throw new RegistrationError(`Unsupported document.matchType "${String(matchType)}".`);
  }
  return {
    key,
    projectId,
    databaseId: typeof body.database === 'string' && body.database ? body.database : '(default)',
    api: 'v2',
    eventType,
    kinds: new Set(V2_KINDS[type[1]]),
    withAuthContext: !!type[2],
    pattern: compile(text(document.value, 'document.value'), matchType),
    body,
  };
}

/** A v1 (legacy) registration from its body. */
export function parseV1(projectId: string, key: string, body: unknown): Registration {
  const trigger = isObj(body) && isObj(body.eventTrigger) ? body.eventTrigger : undefined;
  if (!trigger) throw new RegistrationError('Expected an eventTrigger object.');
  const eventType = text(trigger.eventType, 'eventTrigger.eventType');
  const type = V1_TYPE.exec(eventType);
  if (!type) throw new RegistrationError(`Unsupported Firestore event type "${eventType}".`);
  const resource = text(trigger.resource, 'eventTrigger.resource');
  const parts = V1_RESOURCE.exec(resource);
  if (!parts) {
    throw new RegistrationError(
      `Expected eventTrigger.resource as projects/{project}/databases/{database}/documents/{path}, got "${resource}".`,
    );
  }
  return {
    key,
    projectId,
    databaseId: parts[2],
    api: 'v1',
    eventType,
    kinds: new Set(V1_KINDS[type[1]]),
    withAuthContext: false,
    pattern: compile(parts[3], 'PATH_PATTERN'),
    body,
  };
}

/** The registrations by project and key; a key registered again replaces the earlier one. */
export class TriggerRegistry {
  private readonly byProject = new Map<string, Map<string, Registration>>();

  get size(): number {
    let n = 0;
    for (const regs of this.byProject.values()) n += regs.size;
    return n;
  }

  add(reg: Registration): void {
    let regs = this.byProject.get(reg.projectId);
    if (!regs) this.byProject.set(reg.projectId, (regs = new Map()));
    regs.set(reg.key, reg);
  }

  /** Removes one registration; false when there was none. */
  remove(projectId: string, key: string): boolean {
    return this.byProject.get(projectId)?.delete(key) ?? false;
  }

  /** Removes every registration of a project; returns how many there were. */
  clear(projectId: string): number {
    const n = this.byProject.get(projectId)?.size ?? 0;
    this.byProject.delete(projectId);
    return n;
  }

  list(projectId: string): Registration[] {
    return [...(this.byProject.get(projectId)?.values() ?? [])];
  }

  /** The registrations a change of `path` (of kind `kind`) in the database triggers. */
  matching(projectId: string, databaseId: string, path: string, kind: ChangeKind): Registration[] {
    const regs = this.byProject.get(projectId);
    if (!regs) return [];
    const out: Registration[] = [];
    for (const reg of regs.values()) {
      if (reg.databaseId === databaseId && reg.kinds.has(kind) && reg.pattern.matches(path))
        out.push(reg);
    }
    return out;
  }
}
