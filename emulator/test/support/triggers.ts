/** Helpers of the trigger tests: registering as firebase-tools does, and decoding events with firebase-functions. */
import {
  onDocumentWritten,
  type Change,
  type DocumentSnapshot,
} from 'firebase-functions/v2/firestore';
import type { ReceivedEvent } from './fake-functions.js';

/** The v2 Firestore event types' common prefix. */
export const T = 'google.cloud.firestore.document.v1.';

/** Registers like firebase-tools does (v2 PATH_PATTERN unless a v1 resource is given). */
export async function register(
  emu: { hostAndPort: string },
  project: string,
  key: string,
  eventType: string,
  document: string,
  api: 'v1' | 'v2' = 'v2',
): Promise<void> {
  const base = `http://${emu.hostAndPort}/emulator/v1/projects/${project}`;
  const res =
    api === 'v2'
      ? await fetch(`${base}/eventarcTrigger?eventarcTriggerId=${key}`, {
          method: 'POST',
          body: JSON.stringify({
            eventType,
            database: '(default)',
            namespace: '(default)',
            document: { value: document, matchType: 'PATH_PATTERN' },
          }),
        })
      : await fetch(`${base}/triggers/${key}`, {
          method: 'PUT',
          body: JSON.stringify({
            eventTrigger: {
              eventType,
              resource: `projects/${project}/databases/(default)/documents/${document}`,
              service: 'firestore.googleapis.com',
            },
          }),
        });
  if (res.status !== 200) throw new Error(`registering ${key}: ${res.status} ${await res.text()}`);
}

/** The CloudEvent the Functions emulator's runtime hands the function (binary mode, body decoded). */
export function cloudEvent(e: ReceivedEvent): Record<string, unknown> {
  const event: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(e.headers)) {
    if (name.startsWith('ce-')) event[name.slice(3)] = value;
  }
  event.data = Buffer.from(e.body.toString('utf8'), 'base64');
  return event;
}

export interface WrittenEvent {
  type: string;
  document: string;
  params: Record<string, string>;
  data: Change<DocumentSnapshot>;
}

/** Runs a v2 onDocumentWritten function on the event, as the Functions emulator would. */
export async function decodeWritten(pattern: string, e: ReceivedEvent): Promise<WrittenEvent> {
  let seen: WrittenEvent | undefined;
  const fn = onDocumentWritten(pattern, (event) => {
    seen = event as unknown as WrittenEvent;
  });
  await fn(cloudEvent(e) as never);
  return seen as WrittenEvent;
}

export const forKey = (key: string, path?: string) => (events: ReceivedEvent[]) =>
  events.filter((e) => e.key === key && (path === undefined || e.headers['ce-document'] === path));

export const stateOf = (s: DocumentSnapshot) => (s.exists ? s.data() : null);
