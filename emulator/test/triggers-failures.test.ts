// When delivery does not simply work: a Functions emulator that is not running yet, one that does
// not know the trigger yet (functions reloading), a function that throws and one that hangs. Writes
// are never refused or delayed, nothing is lost while waiting, failures are logged with the trigger
// key and the document, and the console's request list shows every delivery.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { adminClient, startTestEmulator, type TestEmulator } from './support/emulator.js';
import { startFakeFunctions, type FakeFunctions } from './support/fake-functions.js';
import { forKey, register, T } from './support/triggers.js';

const PROJECT = 'demo-trig-failures';
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** A loopback port nothing listens on (yet). */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function setup(target: string, delivery?: { timeoutMs?: number; unknownRetryMs?: number }) {
  const logs: string[] = [];
  const emu: TestEmulator = await startTestEmulator({
    functionsEmulator: target,
    triggerDelivery: delivery,
    log: (line) => logs.push(line),
  });
  const admin = adminClient(emu, PROJECT);
  cleanup.push(
    () => emu.stop(),
    () => admin.close(),
  );
  return { emu, db: admin.db, logs };
}

interface ConsoleDelivery {
  method: string;
  rulesMethod: string;
  path: string;
  who: { kind: string };
  delivery: {
    function: string;
    eventType: string;
    result: string;
    durationMs: number;
    message?: string;
    attempts: number;
  };
}

async function consoleDeliveries(emu: TestEmulator): Promise<ConsoleDelivery[]> {
  const res = await fetch(`http://${emu.hostAndPort}/console/api/requests`);
  const { requests } = (await res.json()) as {
    requests: (ConsoleDelivery & { delivery?: unknown })[];
  };
  return requests.filter((r) => r.delivery);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a Functions emulator that is not there yet', () => {
  it('gets the events of earlier commits once it starts', async () => {
    const port = await unusedPort();
    const { emu, db, logs } = await setup(`127.0.0.1:${port}`);
    await register(emu, PROJECT, 'us-central1-early-0', `${T}created`, 'early/{id}');
    for (const id of ['a', 'b', 'c']) await db.doc(`early/${id}`).set({ id });
    await until(
      async () => logs,
      (l) => l.some((line) => line.includes('is not reachable')),
    );
    const fake: FakeFunctions = await startFakeFunctions(port);
    cleanup.push(() => fake.stop());
    await fake.waitFor((events) => forKey('us-central1-early-0')(events).length === 3);
    expect(
      forKey('us-central1-early-0')(fake.received)
        .map((e) => e.headers['ce-document'])
        .sort(),
    ).toEqual(['early/a', 'early/b', 'early/c']);
    await until(
      async () => logs,
      (l) => l.some((line) => line.includes('is reachable again')),
    );
  });

  it('is retried while it does not know the trigger yet (functions reloading)', async () => {
    const fake = await startFakeFunctions();
    cleanup.push(() => fake.stop());
    const { emu, db } = await setup(fake.target);
    await register(emu, PROJECT, 'us-central1-reloading-1', `${T}created`, 'reloading/{id}');
    let unknown = 2;
    fake.answer = () =>
      unknown-- > 0
        ? {
            status: 404,
            body: 'Function us-central1-reloading-1 does not exist, valid functions are: ',
          }
        : { status: 200 };
    await db.doc('reloading/x').set({ v: 1 });
    await fake.waitFor((events) => forKey('us-central1-reloading-1')(events).length === 1);
    expect(fake.attempts.filter((e) => e.key === 'us-central1-reloading-1')).toHaveLength(3);
    const [entry] = await until(
      () => consoleDeliveries(emu),
      (d) => d.length === 1,
    );
    expect(entry.delivery).toMatchObject({ result: 'ok', attempts: 3 });
  });
});

describe('functions that reload', () => {
  it('events queued for a key that was replaced go to the function under its new key', async () => {
    const fake = await startFakeFunctions();
    cleanup.push(() => fake.stop());
    const { emu, db } = await setup(fake.target);
    const base = `http://${emu.hostAndPort}/emulator/v1/projects/${PROJECT}`;
    await register(emu, PROJECT, 'us-central1-onNote-0', `${T}created`, 'notes/{id}');
    // The Functions emulator reloaded: it knows only generation 1 now.
    fake.answer = (e) =>
      e.key === 'us-central1-onNote-0'
        ? {
            status: 404,
            body: 'Function us-central1-onNote-0 does not exist, valid functions are: us-central1-onNote-1',
          }
        : { status: 200 };
    await db.doc('notes/n1').set({ v: 1 });
    await fake.waitFor(() => fake.attempts.some((e) => e.key === 'us-central1-onNote-0'));
    // What trigger-sync.mjs does next: the new key in, the old one out.
    await register(emu, PROJECT, 'us-central1-onNote-1', `${T}created`, 'notes/{id}');
    await fetch(`${base}/triggers/us-central1-onNote-0`, { method: 'DELETE' });
    await fake.waitFor((events) => forKey('us-central1-onNote-1', 'notes/n1')(events).length === 1);
    expect(forKey('us-central1-onNote-0')(fake.received)).toEqual([]);
  });
});

describe('functions that fail', () => {
  it('a throw or a timeout is logged with its key and document, and the other functions still run', async () => {
    const fake = await startFakeFunctions();
    cleanup.push(() => fake.stop());
    const { emu, db, logs } = await setup(fake.target, { timeoutMs: 400 });
    await register(emu, PROJECT, 'us-central1-throws-0', `${T}created`, 'orders/{id}');
    await register(emu, PROJECT, 'us-central1-hangs-0', `${T}created`, 'orders/{id}');
    await register(emu, PROJECT, 'us-central1-works-0', `${T}created`, 'orders/{id}');
    const never = new Promise<never>(() => {});
    fake.answer = (e) =>
      e.key === 'us-central1-throws-0'
        ? { status: 500, body: 'Error: no stock for this order' }
        : e.key === 'us-central1-hangs-0'
          ? never
          : { status: 200 };
    await db.doc('orders/o1').set({ n: 1 });
    await db.doc('orders/o2').set({ n: 2 });
    await fake.waitFor((events) => forKey('us-central1-works-0')(events).length === 2);
    // The throwing function got both events: a failure does not block its later ones.
    await fake.waitFor(
      () => fake.attempts.filter((e) => e.key === 'us-central1-throws-0').length === 2,
    );
    const deliveries = await until(
      () => consoleDeliveries(emu),
      (d) => d.length === 6,
    );
    const byFunction = (name: string) =>
      deliveries.filter((d) => d.delivery.function === `us-central1-${name}`);
    expect(byFunction('works').map((d) => d.delivery.result)).toEqual(['ok', 'ok']);
    expect(byFunction('throws').map((d) => d.delivery.result)).toEqual(['failed', 'failed']);
    expect(byFunction('hangs').map((d) => d.delivery.result)).toEqual(['timeout', 'timeout']);
    expect(byFunction('works')[0]).toMatchObject({
      method: 'function',
      rulesMethod: 'create',
      who: { kind: 'owner' },
      delivery: { eventType: `${T}created`, attempts: 1 },
    });
    expect(
      byFunction('works')
        .map((d) => d.path)
        .sort(),
    ).toEqual(['orders/o1', 'orders/o2']);
    expect(byFunction('throws')[0].delivery.message).toContain('no stock for this order');
    expect(logs).toContain(
      'Function trigger us-central1-throws-0 for orders/o1: failed, HTTP 500: Error: no stock for this order',
    );
    expect(logs).toContain(
      'Function trigger us-central1-hangs-0 for orders/o2: timeout, no answer within 400 ms',
    );
  });
});
