import { describe, expect, test, vi } from 'vitest';
import { consentNotes } from '@/domain/consent';
import {
  backoffMs,
  newApplicationId,
  Outbox,
  type LeadSender,
  type LockManagerLike,
  type OutboxStore,
  type QueuedApplication,
  waitedAfterMs,
} from './outbox';

const lead = {
  nome: 'Ana',
  whatsapp: '(75) 98123-4567',
  vaga: 'Aux Serraria',
  cidade: 'Joazeiro',
  consent_version: consentNotes.root.version,
};

function memoryStore(): OutboxStore & { map: Map<string, QueuedApplication> } {
  const map = new Map<string, QueuedApplication>();
  return {
    map,
    get: async (id) => map.get(id),
    set: async (entry) => void map.set(entry.id, structuredClone(entry)),
    delete: async (id) => void map.delete(id),
    all: async () => [...map.values()].map((entry) => structuredClone(entry)),
  };
}

/** Web Locks as the browser grants them (one holder per name; ifAvailable gets null when held). */
function memoryLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

const refused = () => Object.assign(new Error('denied'), { code: 'permission-denied' });

describe('the outbox', () => {
  test('ids are 20 characters of Firestore’s alphabet, and differ', () => {
    const ids = new Set(Array.from({ length: 200 }, newApplicationId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  test('backoff doubles from 2 s up to 5 min', () => {
    expect(backoffMs(1, () => 0.5)).toBe(2_000);
    expect(backoffMs(2, () => 0.5)).toBe(4_000);
    expect(backoffMs(20, () => 0.5)).toBe(300_000);
  });

  test('a failed attempt keeps the application, the next sends it under the same id', async () => {
    const store = memoryStore();
    const send = vi.fn<LeadSender>().mockRejectedValueOnce(new TypeError('offline'));
    const outbox = new Outbox({ store, send, locks: memoryLocks() });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('waiting');
    expect((await outbox.sendDue({ force: true }))[0].kind).toBe('stored');
    expect(send.mock.calls.map((call) => call[0])).toEqual([entry.id, entry.id]);
    expect(store.map.size).toBe(0);
  });

  test('no attempt while the device says it is offline', async () => {
    let online = false;
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const outbox = new Outbox({ store: memoryStore(), send, online: () => online });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('waiting');
    expect(send).not.toHaveBeenCalled();
    online = true;
    expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
  });

  test('refused on the first attempt: dropped and reported; refused after an unanswered one: it was stored', async () => {
    // Refused as sent, and again with its submit time.
    const send = vi
      .fn<LeadSender>()
      .mockRejectedValueOnce(refused())
      .mockRejectedValueOnce(refused());
    const outbox = new Outbox({ store: memoryStore(), send });
    const first = await outbox.put(lead);
    expect((await outbox.sendOne(first.id)).kind).toBe('refused');
    expect(await outbox.list()).toEqual([]);

    send.mockReset().mockRejectedValueOnce(new Error('timeout')).mockRejectedValueOnce(refused());
    const second = await outbox.put(lead);
    expect((await outbox.sendOne(second.id)).kind).toBe('waiting');
    expect((await outbox.sendOne(second.id)).kind).toBe('stored');
  });

  test('the same fields submitted again while waiting are the same application', async () => {
    const outbox = new Outbox({ store: memoryStore(), send: vi.fn() });
    const a = await outbox.put(lead);
    const b = await outbox.put({ ...lead });
    expect(b.id).toBe(a.id);
    expect((await outbox.put({ ...lead, nome: 'Bia' })).id).not.toBe(a.id);
  });

  test('two contexts sending at once send each application once', async () => {
    const store = memoryStore();
    const locks = memoryLocks();
    let release: () => void = () => {};
    const send = vi.fn<LeadSender>(() => new Promise<void>((resolve) => (release = resolve)));
    const tabA = new Outbox({ store, send, locks });
    const tabB = new Outbox({ store, send, locks });
    const entry = await tabA.put(lead);
    const a = tabA.sendDue({ force: true });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // B: held by A at the moment.
    expect((await tabB.sendDue({ force: true }))[0].kind).toBe('skipped');
    release();
    expect((await a)[0].kind).toBe('stored');
    // B again, after A stored it: nothing left to send.
    expect(await tabB.sendDue({ force: true })).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toBe(entry.id);
  });

  test('stored by the service worker: kept as sent, and taken by exactly one page', async () => {
    const store = memoryStore();
    const locks = memoryLocks();
    const worker = new Outbox({ store, send: vi.fn<LeadSender>().mockResolvedValue(), locks });
    const entry = await worker.put(lead, { contentCategory: 'Aux Serraria', value: 1 });
    expect((await worker.sendDue({ force: true, keepWhenStored: true }))[0].kind).toBe('stored');
    const pageA = new Outbox({ store, send: vi.fn(), locks });
    const pageB = new Outbox({ store, send: vi.fn(), locks });
    const [takenA, takenB] = await Promise.all([pageA.takeSent(), pageB.takeSent()]);
    expect([...takenA, ...takenB].map((taken) => taken.id)).toEqual([entry.id]);
    expect([...takenA, ...takenB][0].conversion).toEqual({
      contentCategory: 'Aux Serraria',
      value: 1,
    });
    expect(store.map.size).toBe(0);
  });

  test('an application that waited is sent with its submit time; a clock the rules refuse does not lose it', async () => {
    let now = 1_000_000;
    const send = vi
      .fn<LeadSender>()
      .mockResolvedValueOnce() // sent at once: no device time
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(refused()) // the device clock is off: refused with the time
      .mockResolvedValueOnce(); // sent again without it
    const outbox = new Outbox({ store: memoryStore(), send, now: () => now });
    const atOnce = await outbox.put(lead);
    expect((await outbox.sendOne(atOnce.id)).kind).toBe('stored');
    expect(send.mock.calls[0]).toEqual([atOnce.id, lead]);

    const waited = await outbox.put({ ...lead, nome: 'Bia' });
    expect((await outbox.sendOne(waited.id)).kind).toBe('waiting');
    now += 60_000;
    expect((await outbox.sendOne(waited.id)).kind).toBe('stored');
    expect(send.mock.calls.slice(1).map((call) => call[2])).toEqual([
      undefined,
      1_000_000,
      undefined,
    ]);
    expect(await outbox.list()).toEqual([]);
  });

  test('an application first tried well after its submit (offline meanwhile) carries its submit time', async () => {
    let now = 5_000_000;
    let online = false;
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const outbox = new Outbox({ store: memoryStore(), send, now: () => now, online: () => online });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('waiting');
    now += waitedAfterMs;
    online = true;
    expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
    expect(send.mock.calls).toEqual([[entry.id, lead, 5_000_000]]);
  });

  test('sent at once and refused, then accepted with its submit time (its job closed meanwhile): stored', async () => {
    const send = vi.fn<LeadSender>().mockRejectedValueOnce(refused()).mockResolvedValueOnce();
    const outbox = new Outbox({ store: memoryStore(), send, now: () => 7_000_000 });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
    expect(send.mock.calls).toEqual([
      [entry.id, lead],
      [entry.id, lead, 7_000_000],
    ]);
    expect(await outbox.list()).toEqual([]);
  });
});
