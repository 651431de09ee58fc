import { describe, expect, test, vi } from 'vitest';
import { toLead } from '@/domain/lead-form';
import { exampleFormValues } from '@/domain/testing/lead-samples';
import { memoryDeviceStore, memoryOutboxStore } from './memory-stores';
import {
  backoffMs,
  newApplicationId,
  Outbox,
  type LeadSender,
  type LockManagerLike,
  type OutboxOptions,
  waitedAfterMs,
} from './outbox';

const lead = toLead('root', exampleFormValues('root'));

const memoryStore = memoryOutboxStore;

/** An outbox over memory stores, with a device of its own unless `device` is given. */
const outboxOf = (
  options: Omit<OutboxOptions, 'device'> & Partial<Pick<OutboxOptions, 'device'>>,
) => new Outbox({ device: memoryDeviceStore(), ...options });

/**
 * Web Locks as the browser grants them: one holder per name; with ifAvailable a held lock gives
 * null at once, without it the request waits its turn.
 */
function memoryLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  return {
    async request(name, { ifAvailable }, callback) {
      if (ifAvailable && held.has(name)) return callback(null);
      const before = tails.get(name) ?? Promise.resolve();
      let done: () => void = () => {};
      tails.set(name, new Promise<void>((resolve) => (done = resolve)));
      await before;
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
        done();
      }
    },
  };
}

/** The submit time a send carried (undefined: sent at once). */
const submittedAtOf = (call: Parameters<LeadSender>) => call[2].submittedAt;

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
    const outbox = outboxOf({ store, send, locks: memoryLocks() });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('waiting');
    expect((await outbox.sendDue({ force: true }))[0].kind).toBe('stored');
    expect(send.mock.calls.map((call) => call[0])).toEqual([entry.id, entry.id]);
    expect(store.map.size).toBe(0);
  });

  test('no attempt while the device says it is offline', async () => {
    let online = false;
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const outbox = outboxOf({ store: memoryStore(), send, online: () => online });
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
    const outbox = outboxOf({ store: memoryStore(), send });
    const first = await outbox.put(lead);
    expect((await outbox.sendOne(first.id)).kind).toBe('refused');
    expect(await outbox.list()).toEqual([]);

    send.mockReset().mockRejectedValueOnce(new Error('timeout')).mockRejectedValueOnce(refused());
    const second = await outbox.put(lead);
    expect((await outbox.sendOne(second.id)).kind).toBe('waiting');
    expect((await outbox.sendOne(second.id)).kind).toBe('stored');
  });

  test('the same fields submitted again while waiting are the same application', async () => {
    const outbox = outboxOf({ store: memoryStore(), send: vi.fn() });
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
    const device = memoryDeviceStore();
    const tabA = outboxOf({ store, device, send, locks });
    const tabB = outboxOf({ store, device, send, locks });
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
    const device = memoryDeviceStore();
    const worker = outboxOf({
      store,
      device,
      send: vi.fn<LeadSender>().mockResolvedValue(),
      locks,
    });
    const entry = await worker.put(lead, { contentCategory: lead.vaga, value: 1 });
    expect((await worker.sendDue({ force: true, keepWhenStored: true }))[0].kind).toBe('stored');
    const pageA = outboxOf({ store, device, send: vi.fn(), locks });
    const pageB = outboxOf({ store, device, send: vi.fn(), locks });
    const [takenA, takenB] = await Promise.all([pageA.takeSent(), pageB.takeSent()]);
    expect([...takenA, ...takenB].map((taken) => taken.id)).toEqual([entry.id]);
    expect([...takenA, ...takenB][0].conversion).toEqual({
      contentCategory: lead.vaga,
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
    const outbox = outboxOf({ store: memoryStore(), send, now: () => now });
    const atOnce = await outbox.put(lead);
    expect((await outbox.sendOne(atOnce.id)).kind).toBe('stored');
    expect(send.mock.calls[0].slice(0, 2)).toEqual([atOnce.id, lead]);
    expect(submittedAtOf(send.mock.calls[0])).toBeUndefined();

    const waited = await outbox.put({ ...lead, nome: 'Bia' });
    expect((await outbox.sendOne(waited.id)).kind).toBe('waiting');
    now += 60_000;
    expect((await outbox.sendOne(waited.id)).kind).toBe('stored');
    expect(send.mock.calls.slice(1).map(submittedAtOf)).toEqual([undefined, 1_000_000, undefined]);
    expect(await outbox.list()).toEqual([]);
  });

  test('an application first tried well after its submit (offline meanwhile) carries its submit time', async () => {
    let now = 5_000_000;
    let online = false;
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const outbox = outboxOf({ store: memoryStore(), send, now: () => now, online: () => online });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('waiting');
    now += waitedAfterMs;
    online = true;
    expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
    expect(send.mock.calls.map((call) => [call[0], call[1], submittedAtOf(call)])).toEqual([
      [entry.id, lead, 5_000_000],
    ]);
  });
});

describe('the per-device limit', () => {
  const window = 10 * 60_000;
  const applicant = (n: number) => ({
    ...lead,
    nome: `Candidata ${n}`,
    whatsapp: `(75) 98123-000${n}`,
  });
  const slotsOf = (send: ReturnType<typeof vi.fn<LeadSender>>) =>
    send.mock.calls.map((call) => call[2].device.slot);

  test('three applications take the three slots; a fourth, with another number, waits until the oldest frees', async () => {
    let now = 10_000_000;
    const device = memoryDeviceStore();
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const outbox = outboxOf({ store: memoryStore(), device, send, now: () => now });
    for (const n of [1, 2, 3]) {
      const entry = await outbox.put(applicant(n));
      expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
      now += 1_000;
    }
    expect(slotsOf(send)).toEqual([0, 1, 2]);
    const ids = new Set(send.mock.calls.map((call) => call[2].device.id));
    expect([...ids]).toEqual([device.state?.id]);
    expect(device.state?.id).toMatch(/^[A-Za-z0-9]{20}$/);

    const fourth = await outbox.put(applicant(4));
    const held = await outbox.sendOne(fourth.id);
    expect(held.kind).toBe('held');
    expect(send).toHaveBeenCalledTimes(3);
    // The first slot was taken at 10,000,000: free a window (and the margin) later.
    const freeAt = 10_000_000 + window + 60_000;
    expect(held.kind === 'held' && held.entry.heldUntil).toBe(freeAt);
    expect(await outbox.nextDueAt()).toBe(freeAt);
    expect((await outbox.list())[0].heldUntil).toBe(freeAt);

    now = freeAt - 1;
    expect(await outbox.sendDue()).toEqual([]);
    now = freeAt;
    const [sent] = await outbox.sendDue();
    expect(sent.kind).toBe('stored');
    expect(slotsOf(send)).toEqual([0, 1, 2, 0]);
    expect(await outbox.list()).toEqual([]);
  });

  test('a retry keeps its slot, and a slot held by a waiting application is never given to another', async () => {
    let now = 20_000_000;
    const send = vi
      .fn<LeadSender>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch')) // the first: no answer
      .mockResolvedValue();
    const outbox = outboxOf({ store: memoryStore(), send, now: () => now });
    const first = await outbox.put(applicant(1));
    expect((await outbox.sendOne(first.id)).kind).toBe('waiting');
    for (const n of [2, 3]) {
      now += 1_000;
      expect((await outbox.sendOne((await outbox.put(applicant(n))).id)).kind).toBe('stored');
    }
    // Every slot is taken, one of them by the first application, still waiting: a window later
    // the fourth may take slot 1 or 2, never slot 0.
    now += window + 60_000;
    const fourth = await outbox.put(applicant(4));
    expect((await outbox.sendOne(fourth.id)).kind).toBe('stored');
    expect((await outbox.sendOne(first.id)).kind).toBe('stored');
    expect(slotsOf(send)).toEqual([0, 1, 2, 1, 0]);
  });

  test('a device past its limit with only waiting applications in its slots looks again a minute later', async () => {
    const now = 30_000_000;
    const send = vi.fn<LeadSender>().mockRejectedValue(new TypeError('Failed to fetch'));
    const outbox = outboxOf({ store: memoryStore(), send, now: () => now });
    for (const n of [1, 2, 3]) {
      expect((await outbox.sendOne((await outbox.put(applicant(n))).id)).kind).toBe('waiting');
    }
    const held = await outbox.sendOne((await outbox.put(applicant(4))).id);
    expect(held).toMatchObject({ kind: 'held', entry: { heldUntil: now + 60_000 } });
    expect(send).toHaveBeenCalledTimes(3);
  });

  test('two tabs of one device never take the same slot', async () => {
    const store = memoryStore();
    const device = memoryDeviceStore();
    const locks = memoryLocks();
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const tabA = outboxOf({ store, device, send, locks });
    const tabB = outboxOf({ store, device, send, locks });
    const entries = [
      await tabA.put(applicant(1)),
      await tabB.put(applicant(2)),
      await tabA.put(applicant(3)),
    ];
    const outcomes = await Promise.all([
      tabA.sendOne(entries[0].id),
      tabB.sendOne(entries[1].id),
      tabA.sendOne(entries[2].id),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['stored', 'stored', 'stored']);
    expect(slotsOf(send).sort()).toEqual([0, 1, 2]);
  });

  test('without an App Check token nothing is sent: the application waits, never taken as maybe stored', async () => {
    const ready = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(Object.assign(new Error('no token'), { code: 'unavailable' }))
      .mockResolvedValue();
    const send = vi.fn<LeadSender>().mockResolvedValue();
    const device = memoryDeviceStore();
    const outbox = outboxOf({ store: memoryStore(), device, send, ready });
    const entry = await outbox.put(lead);
    const first = await outbox.sendOne(entry.id);
    expect(first).toMatchObject({ kind: 'waiting', entry: { maybeStored: false, attempts: 1 } });
    expect(send).not.toHaveBeenCalled();
    // No slot was taken for it either.
    expect(device.state).toBeUndefined();
    expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
    expect(slotsOf(send)).toEqual([0]);
  });

  test('sent at once and refused, then accepted with its submit time (its job closed meanwhile): stored', async () => {
    const send = vi.fn<LeadSender>().mockRejectedValueOnce(refused()).mockResolvedValueOnce();
    const outbox = outboxOf({ store: memoryStore(), send, now: () => 7_000_000 });
    const entry = await outbox.put(lead);
    expect((await outbox.sendOne(entry.id)).kind).toBe('stored');
    expect(send.mock.calls.map(([id, sent, options]) => [id, sent, options.submittedAt])).toEqual([
      [entry.id, lead, undefined],
      [entry.id, lead, 7_000_000],
    ]);
    expect(await outbox.list()).toEqual([]);
  });
});
