// Firestore trigger registration, with the requests firebase-tools' Functions emulator sends to
// the official emulator (functionsEmulator.js: getV2FirestoreAttributes / getV1FirestoreAttributes):
// registering, listing, replacing and removing, and the answers to bodies it cannot read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let emu: TestEmulator;
let base: string;
const project = 'demo-trig-reg';

beforeAll(async () => {
  emu = await startTestEmulator({ functionsEmulator: '127.0.0.1:1' });
  base = `http://${emu.hostAndPort}/emulator/v1/projects/${project}`;
});
afterAll(() => emu?.stop());

/** As firebase-tools sends it: the bundle JSON.stringify'd, through its API client. */
function registerV2(key: string, bundle: object) {
  return fetch(`${base}/eventarcTrigger?eventarcTriggerId=${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bundle),
  });
}

function registerV1(key: string, bundle: object) {
  return fetch(`${base}/triggers/${key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bundle),
  });
}

async function listed(): Promise<
  { key: string; api: string; eventType: string; document: string; database: string }[]
> {
  const res = await fetch(`${base}/triggers`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { triggers: [] }).triggers;
}

const v2Bundle = (
  document: string,
  matchType: string,
  eventType = 'google.cloud.firestore.document.v1.written',
) => ({
  eventType,
  database: '(default)',
  namespace: '(default)',
  document: { value: document, matchType },
});

describe('trigger registration endpoints', () => {
  it('accepts v2 (EXACT and PATH_PATTERN) and v1 registrations and lists them', async () => {
    expect(
      (await registerV2('us-central1-onLead-0', v2Bundle('leads/{leadId}', 'PATH_PATTERN'))).status,
    ).toBe(200);
    expect(
      (
        await registerV2(
          'us-central1-onSettings-0',
          v2Bundle(
            'settings/redirect',
            'EXACT',
            'google.cloud.firestore.document.v1.updated.withAuthContext',
          ),
        )
      ).status,
    ).toBe(200);
    const v1 = await registerV1('us-central1-legacy-0', {
      eventTrigger: {
        eventType: 'providers/cloud.firestore/eventTypes/document.write',
        resource: `projects/${project}/databases/(default)/documents/jobs/{jobId}`,
        service: 'firestore.googleapis.com',
      },
    });
    expect(v1.status).toBe(200);
    expect(await listed()).toEqual([
      expect.objectContaining({
        key: 'us-central1-onLead-0',
        api: 'v2',
        document: 'leads/{leadId}',
        database: '(default)',
      }),
      expect.objectContaining({
        key: 'us-central1-onSettings-0',
        api: 'v2',
        eventType: 'google.cloud.firestore.document.v1.updated.withAuthContext',
        document: 'settings/redirect',
      }),
      expect.objectContaining({ key: 'us-central1-legacy-0', api: 'v1', document: 'jobs/{jobId}' }),
    ]);
    // Other projects see none of them.
    const other = await fetch(`http://${emu.hostAndPort}/emulator/v1/projects/demo-other/triggers`);
    expect(((await other.json()) as { triggers: [] }).triggers).toEqual([]);
  });

  it('replaces a key registered again and removes one, by either route, or all', async () => {
    await registerV2('us-central1-onLead-0', v2Bundle('candidates/{id}', 'PATH_PATTERN'));
    expect((await listed()).find((t) => t.key === 'us-central1-onLead-0')?.document).toBe(
      'candidates/{id}',
    );

    const byKey = await fetch(`${base}/triggers/us-central1-legacy-0`, { method: 'DELETE' });
    expect(await byKey.json()).toEqual({ removed: true });
    const byEventarc = await fetch(
      `${base}/eventarcTrigger?eventarcTriggerId=us-central1-onSettings-0`,
      {
        method: 'DELETE',
      },
    );
    expect(await byEventarc.json()).toEqual({ removed: true });
    const again = await fetch(`${base}/triggers/us-central1-legacy-0`, { method: 'DELETE' });
    expect(await again.json()).toEqual({ removed: false });
    expect((await listed()).map((t) => t.key)).toEqual(['us-central1-onLead-0']);

    const all = await fetch(`${base}/triggers`, { method: 'DELETE' });
    expect(await all.json()).toEqual({ removed: 1 });
    expect(await listed()).toEqual([]);
  });

  it('answers 400 INVALID_ARGUMENT to registrations it cannot read', async () => {
    const cases: [Promise<Response>, string][] = [
      [
        registerV2(
          'k-0',
          v2Bundle('leads/{id}', 'PATH_PATTERN', 'google.cloud.pubsub.topic.v1.messagePublished'),
        ),
        'Unsupported Firestore event type',
      ],
      [registerV2('k-0', v2Bundle('leads/{id}', 'PREFIX')), 'Unsupported document.matchType'],
      [
        registerV2('k-0', v2Bundle('a/**/b/**', 'PATH_PATTERN')),
        'more than one multi-segment wildcard',
      ],
      [
        registerV2('k-0', { eventType: 'google.cloud.firestore.document.v1.created' }),
        'document.value',
      ],
      [
        registerV1('k-0', {
          eventTrigger: {
            eventType: 'providers/cloud.firestore/eventTypes/document.write',
            resource: 'jobs/{id}',
          },
        }),
        'eventTrigger.resource',
      ],
      [registerV1('k-0', { nothing: true }), 'eventTrigger'],
      [fetch(`${base}/eventarcTrigger`, { method: 'POST', body: '{}' }), 'eventarcTriggerId'],
      [fetch(`${base}/triggers/k-0`, { method: 'PUT', body: 'not json' }), 'not valid JSON'],
    ];
    for (const [response, message] of cases) {
      const res = await response;
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { status: string; message: string } };
      expect(body.error.status).toBe('INVALID_ARGUMENT');
      expect(body.error.message).toContain(message);
    }
    expect(await listed()).toEqual([]);
  });

  it('the CLI takes --functions_emulator HOST:PORT and refuses anything else', async () => {
    const r = await runCli(['--functions_emulator', 'localhost']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--functions_emulator needs HOST:PORT, got "localhost"');
    const help = await runCli(['--help']);
    expect(help.stdout).toContain('--functions_emulator HOST:PORT');
  });
});
