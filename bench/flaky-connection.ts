/**
 * Flaky connections: candidates whose connections drop and return at random while they
 * apply, each through the outbox the public pages use (web/src/lib/outbox/outbox.ts: the
 * application kept first, sent under the id chosen at submit, retried with backoff, sent when the
 * connection returns), against our Firestore emulator with the real firestore.rules.
 *
 * Each candidate's connection is down about a third of the time, flipping every 0.5-3 s. While up,
 * one request in ten is lost before it reaches the server and one in ten reaches it but its answer
 * is lost (the ambiguous case the lead id exists for). When the run ends every connection returns
 * and the outboxes drain. firebase-admin then reads every lead: each application submitted must be
 * stored exactly once. Counted: submitted, acknowledged to the candidate (at once or later),
 * stored, duplicated, lost; the goal is 0 lost and 0 duplicated.
 *
 * Usage: node --import tsx bench/flaky-connection.ts [--seconds 30] [--candidates 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Firestore } from 'firebase/firestore/lite';
import { adminClient, startEmulatorProcess } from '@vagas/firestore-emulator/testing';
import { seedVacancyLists } from '../scripts/lib/vacancy-seed.mjs';
import { setNewLead } from '../web/src/data/lead-write.ts';
import type { DeviceStore } from '../web/src/lib/outbox/device-slots.ts';
import { Outbox, type OutboxStore, type QueuedApplication } from '../web/src/lib/outbox/outbox.ts';
import { withTimeout } from '../web/src/domain/timeout.ts';
import {
  candidateClients,
  LEAD_WRITE_TIMEOUT_MS,
  makeLead,
  numberArg,
  PROJECT,
  RULES,
  sleep,
} from './load.ts';
import { report } from './lib/report.ts';

/** What all the candidates did. */
interface Counts {
  submitted: Map<string, string>;
  acknowledged: Set<string>;
  running: boolean;
}

function memoryStore(): OutboxStore & { size: () => number } {
  const map = new Map<string, QueuedApplication>();
  return {
    get: async (id) => map.get(id),
    set: async (entry) => void map.set(entry.id, { ...entry }),
    delete: async (id) => void map.delete(id),
    all: async () => [...map.values()].map((entry) => ({ ...entry })),
    size: () => map.size,
  };
}

/**
 * A device that forgets its id: each application goes from a device of its own. This drill is
 * about connections; a device's limit of applications has tests of its own (rules-tests).
 */
const forgetfulDevice: DeviceStore = { get: async () => undefined, set: async () => {} };

/** One candidate's device: its connection, its outbox, and a Firestore Lite client. */
function device(db: Firestore, seed: number) {
  let online = true;
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const store = memoryStore();
  const outbox = new Outbox({
    store,
    device: forgetfulDevice,
    online: () => online,
    random,
    send: async (id, lead, { device: sender }) => {
      if (!online) throw new TypeError('offline');
      const roll = random();
      if (roll < 0.1) throw new TypeError('request lost on the way');
      await withTimeout(setNewLead(db, id, lead, sender), LEAD_WRITE_TIMEOUT_MS, 'lead write');
      if (roll < 0.2) throw new Error('answer lost on the way back');
    },
  });
  return {
    outbox,
    store,
    random,
    setOnline: (value: boolean) => (online = value),
    isOnline: () => online,
  };
}

type Device = ReturnType<typeof device>;

/** Flips the connection while the run lasts: down about a third of the time. */
async function flakyConnection(dev: Device, counts: Counts): Promise<void> {
  while (counts.running) {
    await sleep(500 + dev.random() * 2500);
    dev.setOnline(dev.random() > 0.33);
  }
  dev.setOnline(true);
}

function recordStored(outcomes: { kind: string; entry?: QueuedApplication }[], counts: Counts) {
  for (const outcome of outcomes) {
    if (outcome.kind === 'stored' && outcome.entry) counts.acknowledged.add(outcome.entry.id);
  }
}

/** Applies again and again: submit through the outbox, and send what waits when due. */
async function candidate(dev: Device, index: number, counts: Counts): Promise<void> {
  let n = 0;
  while (counts.running) {
    const nome = `flaky-${index}-${++n}`;
    const entry = await dev.outbox.put(makeLead(dev.random, nome).lead);
    counts.submitted.set(entry.id, nome);
    recordStored([await dev.outbox.sendOne(entry.id)], counts);
    if (dev.isOnline()) recordStored(await dev.outbox.sendDue(), counts);
    await sleep(300 + dev.random() * 1200);
  }
}

/** Connections back: every outbox sends what waits, until empty or `limitMs`. */
async function drain(devices: Device[], counts: Counts, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  let waiting = Infinity;
  while (waiting > 0 && Date.now() < deadline) {
    for (const dev of devices) recordStored(await dev.outbox.sendDue({ force: true }), counts);
    waiting = devices.reduce((sum, dev) => sum + dev.store.size(), 0);
  }
  return waiting;
}

async function storedCheck(emu: { host: string; port: number }, counts: Counts) {
  const admin = adminClient(emu, PROJECT);
  try {
    const snap = await admin.db.collection('leads').select('nome').get();
    const perNome = new Map<string, number>();
    const storedIds = new Set<string>();
    for (const d of snap.docs) {
      storedIds.add(d.id);
      const nome = String(d.get('nome'));
      perNome.set(nome, (perNome.get(nome) ?? 0) + 1);
    }
    let duplicated = 0;
    for (const count of perNome.values()) if (count > 1) duplicated += count - 1;
    const lost = [...counts.submitted.keys()].filter((id) => !storedIds.has(id)).length;
    return { stored: snap.size, duplicated, lost };
  } finally {
    await admin.close();
  }
}

async function main(): Promise<void> {
  const seconds = numberArg('seconds', 'FLAKY_SECONDS', 30);
  const candidates = numberArg('candidates', 'FLAKY_CANDIDATES', 200);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vagas-flaky-'));
  const emu = await startEmulatorProcess([
    '--port',
    '0',
    '--project',
    PROJECT,
    '--rules',
    RULES,
    '--data',
    dataDir,
  ]);
  try {
    // The forms' vacancy lists, which the rules check each lead's job and locality against.
    await seedVacancyLists({ firestoreHost: `${emu.host}:${emu.port}`, projectId: PROJECT });
    const clients = candidateClients({ host: emu.host, port: emu.port, candidates });
    const devices = clients.dbs.map((db, i) => device(db, 7919 * (i + 1)));
    const counts: Counts = { submitted: new Map(), acknowledged: new Set(), running: true };
    const timer = setTimeout(() => (counts.running = false), seconds * 1000);
    await Promise.all(
      devices.flatMap((dev, i) => [flakyConnection(dev, counts), candidate(dev, i, counts)]),
    );
    clearTimeout(timer);
    const started = performance.now();
    const stillWaiting = await drain(devices, counts, 120_000);
    const drainSeconds = (performance.now() - started) / 1000;
    const check = await storedCheck(emu, counts);
    await clients.close();
    const section = 'flaky' as const;
    console.log(
      `${candidates} candidates, ${seconds} s of flaky connections, then ${drainSeconds.toFixed(1)} s to drain`,
    );
    report({ section, measure: 'applications submitted', value: counts.submitted.size, unit: '' });
    report({
      section,
      measure: 'acknowledged to the candidate',
      value: counts.acknowledged.size,
      unit: '',
    });
    report({ section, measure: 'stored', value: check.stored, unit: '' });
    report({
      section,
      measure: 'still waiting after the drain',
      value: stillWaiting,
      unit: '',
      goal: { op: '<=', value: 0 },
    });
    report({ section, measure: 'lost', value: check.lost, unit: '', goal: { op: '<=', value: 0 } });
    report({
      section,
      measure: 'duplicated',
      value: check.duplicated,
      unit: '',
      goal: { op: '<=', value: 0 },
    });
  } finally {
    await emu.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
  process.exit(0);
}
