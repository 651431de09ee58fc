// The local suite's trigger registration (scripts/lib/trigger-sync.mjs) against a stand-in for
// firebase-tools' Functions emulator that serves what the real one does: `GET /backends` with its
// function definitions, and for an unknown trigger key the 404 listing the keys it knows. Functions
// reloading (a new generation in their keys), added and removed are followed; other triggers
// (HTTP, Pub/Sub) are left out. (The real Functions emulator: triggers-functions.test.ts.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { syncTriggers } from '../../scripts/lib/trigger-sync.mjs';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-trig-sync';

interface Def {
  id: string;
  platform: string;
  eventTrigger?: Record<string, unknown>;
  httpsTrigger?: object;
}

/** The Functions emulator's state: its definitions (as /backends lists them) and their keys. */
const functions: { defs: Def[]; keys: string[] } = { defs: [], keys: [] };
let server: http.Server;
let functionsPort = 0;
let emu: TestEmulator;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/backends') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ backends: [{ functionTriggers: functions.defs }] }));
    } else if (
      req.method === 'POST' &&
      req.url?.startsWith(`/functions/projects/${PROJECT}/triggers/`)
    ) {
      const key = decodeURIComponent(req.url.split('/').pop() ?? '');
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(`Function ${key} does not exist, valid functions are: ${functions.keys.join(', ')}`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  functionsPort = (server.address() as AddressInfo).port;
  emu = await startTestEmulator({ functionsEmulator: `127.0.0.1:${functionsPort}` });
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await emu?.stop();
});

const v2 = (
  name: string,
  document: string,
  eventType = 'google.cloud.firestore.document.v1.created',
): Def => ({
  id: `us-central1-${name}`,
  platform: 'gcfv2',
  eventTrigger: {
    eventType,
    eventFilters: { database: '(default)', namespace: '(default)' },
    eventFilterPathPatterns: { document },
    retry: false,
  },
});

async function registered(): Promise<
  { key: string; api: string; document: string; eventType: string }[]
> {
  const res = await fetch(`http://${emu.hostAndPort}/emulator/v1/projects/${PROJECT}/triggers`);
  return ((await res.json()) as { triggers: [] }).triggers;
}

/** Resolves once the registrations are `keys` (the sync polls every 50 ms here). */
async function until(keys: string[]): Promise<void> {
  for (;;) {
    const now = (await registered()).map((t) => t.key).sort();
    if (JSON.stringify(now) === JSON.stringify([...keys].sort())) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('registers Firestore triggers under their current keys and follows reloads', async () => {
  functions.defs = [
    v2('onLead', 'leads/{leadId}'),
    {
      id: 'us-central1-onSettings',
      platform: 'gcfv2',
      eventTrigger: {
        eventType: 'google.cloud.firestore.document.v1.updated',
        eventFilters: {
          database: '(default)',
          namespace: '(default)',
          document: 'settings/redirect',
        },
      },
    },
    {
      id: 'us-central1-legacy',
      platform: 'gcfv1',
      eventTrigger: {
        eventType: 'providers/cloud.firestore/eventTypes/document.write',
        resource: `projects/${PROJECT}/databases/(default)/documents/jobs/{jobId}`,
      },
    },
    { id: 'us-central1-countRedirect', platform: 'gcfv2', httpsTrigger: {} },
    {
      id: 'us-central1-onMessage',
      platform: 'gcfv2',
      eventTrigger: { eventType: 'google.cloud.pubsub.topic.v1.messagePublished' },
    },
  ];
  functions.keys = [
    'us-central1-onLead-0',
    'us-central1-onSettings-0',
    'us-central1-legacy-0',
    'us-central1-countRedirect',
    'us-central1-onMessage-0',
  ];
  const sync = await syncTriggers({
    projectId: PROJECT,
    functions: { host: '127.0.0.1', port: functionsPort },
    firestore: { host: emu.host, port: emu.port },
    intervalMs: 50,
  });
  try {
    // The first round is complete when syncTriggers resolves.
    expect((await registered()).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      expect.objectContaining({ key: 'us-central1-legacy-0', api: 'v1', document: 'jobs/{jobId}' }),
      expect.objectContaining({
        key: 'us-central1-onLead-0',
        api: 'v2',
        document: 'leads/{leadId}',
      }),
      expect.objectContaining({
        key: 'us-central1-onSettings-0',
        document: 'settings/redirect',
        eventType: 'google.cloud.firestore.document.v1.updated',
      }),
    ]);

    // onLead changed (reloaded as generation 1; the old record stays listed before it),
    // legacy was deleted, onCandidate is new.
    functions.defs = [
      v2('onLead', 'leads/{leadId}'),
      functions.defs[1],
      v2('onLead', 'candidates/{id}', 'google.cloud.firestore.document.v1.written'),
      v2('onCandidate', 'candidates/{id}'),
    ];
    functions.keys = [
      'us-central1-onLead-0',
      'us-central1-onSettings-0',
      'us-central1-onLead-1',
      'us-central1-onCandidate-1',
    ];
    await until(['us-central1-onLead-1', 'us-central1-onSettings-0', 'us-central1-onCandidate-1']);
    const onLead = (await registered()).find((t) => t.key === 'us-central1-onLead-1');
    expect(onLead).toMatchObject({
      document: 'candidates/{id}',
      eventType: 'google.cloud.firestore.document.v1.written',
    });

    // Our emulator restarted (its registrations gone): the next round registers them again.
    await fetch(`http://${emu.hostAndPort}/emulator/v1/projects/${PROJECT}/triggers`, {
      method: 'DELETE',
    });
    await until(['us-central1-onLead-1', 'us-central1-onSettings-0', 'us-central1-onCandidate-1']);
  } finally {
    await sync.stop();
  }
});

it('syncNow registers reloaded triggers at once, between polling rounds', async () => {
  functions.defs = [v2('onReload', 'reload/{id}')];
  functions.keys = ['us-central1-onReload-0'];
  let rounds = 0;
  const sync = await syncTriggers({
    projectId: PROJECT,
    functions: { host: '127.0.0.1', port: functionsPort },
    firestore: { host: emu.host, port: emu.port },
    // No second polling round within the test: only syncNow can register the reload.
    intervalMs: 3_600_000,
    onRound: () => rounds++,
  });
  try {
    expect((await registered()).map((t) => t.key)).toEqual(['us-central1-onReload-0']);
    // What enableBackgroundTriggers does: the same function again, under a new generation.
    functions.defs = [v2('onReload', 'reload/{id}'), v2('onReload', 'reload/{id}')];
    functions.keys = ['us-central1-onReload-0', 'us-central1-onReload-1'];
    await sync.syncNow();
    expect((await registered()).map((t) => t.key)).toEqual(['us-central1-onReload-1']);
    expect(rounds).toBe(1);
  } finally {
    await sync.stop();
  }
});
