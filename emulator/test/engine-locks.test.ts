import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Engine } from '../src/engine/index.js';
import {
  CONTENTION,
  LOCK_TIMEOUT_MESSAGE,
  LOCK_TIMEOUT_MS,
  LockTable,
  type LockOwner,
} from '../src/engine/locks.js';
import { TXN_EXPIRED, TXN_IDLE_MS } from '../src/engine/transactions.js';
import { Code, type CallContext } from '../src/service.js';

function owner(priority: number): LockOwner {
  return { priority, locks: new Set() };
}

describe('lock table (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts a holder that stalls for the lock timeout and hands the lock to the waiter', async () => {
    const table = new LockTable();
    const stalled = owner(1);
    const waiter = owner(2);
    await table.acquire('docs/a', stalled);
    let granted = false;
    const waiting = table.acquire('docs/a', waiter).then(() => {
      granted = true;
    });
    await vi.advanceTimersByTimeAsync(LOCK_TIMEOUT_MS - 1);
    expect(granted).toBe(false);
    expect(table.holder('docs/a')).toBe(stalled);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(stalled.aborted).toBe(LOCK_TIMEOUT_MESSAGE);
    expect(stalled.locks.size).toBe(0);
    expect(table.holder('docs/a')).toBe(waiter);
  });

  it('lets an older transaction wound a younger holder at once (no timer involved)', async () => {
    const table = new LockTable();
    const younger = owner(5);
    const older = owner(3);
    await table.acquire('docs/a', younger);
    await table.acquire('docs/a', older);
    expect(younger.aborted).toBe(CONTENTION);
    expect(table.holder('docs/a')).toBe(older);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes a plain writer waiting for a path once the holder releases it', async () => {
    const table = new LockTable();
    const holder = owner(1);
    await table.acquire('docs/a', holder);
    const waiting = table.acquire('docs/a', null);
    expect(vi.getTimerCount()).toBe(1);
    table.release(holder);
    await waiting;
    expect(vi.getTimerCount()).toBe(0);
    expect(table.holder('docs/a')).toBeUndefined();
  });
});

describe('idle-transaction sweep (fake timers)', () => {
  const ctx: CallContext = { projectId: 'p', databaseId: '(default)', caller: { kind: 'owner' } };
  const database = 'projects/p/databases/(default)';
  let engine: Engine;

  beforeEach(() => {
    vi.useFakeTimers();
    engine = new Engine();
  });
  afterEach(() => {
    engine.close();
    vi.useRealTimers();
  });

  async function begin(): Promise<string> {
    const r = await engine.unary('BeginTransaction', { database }, ctx);
    return String(r.transaction);
  }

  it('aborts a transaction idle for longer than the limit, and keeps a used one', async () => {
    const idle = await begin();
    const busy = await begin();
    const read = (transaction: string, path: string) =>
      engine.serverStream(
        'BatchGetDocuments',
        { database, documents: [`${database}/documents/${path}`], transaction },
        ctx,
        () => {},
      );
    await read(idle, 'c/locked'); // takes the document's lock
    await vi.advanceTimersByTimeAsync(TXN_IDLE_MS / 2);
    await read(busy, 'c/other'); // a used transaction stays alive
    await vi.advanceTimersByTimeAsync(TXN_IDLE_MS / 2 + 60_000); // past the limit, and one sweep
    const rollback = (id: string) => engine.unary('Rollback', { database, transaction: id }, ctx);
    await expect(rollback(idle)).rejects.toMatchObject({
      code: Code.INVALID_ARGUMENT,
      message: TXN_EXPIRED,
    });
    await expect(rollback(busy)).resolves.toEqual({});
    // The swept transaction's lock is gone: a plain write to that document does not wait.
    const write = engine.unary(
      'Commit',
      { database, writes: [{ update: { name: `${database}/documents/c/locked`, fields: {} } }] },
      ctx,
    );
    await expect(write).resolves.toMatchObject({ writeResults: [{}] });
  });
});
