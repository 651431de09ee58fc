// The timeline's storage against our Firestore emulator (in-process) with firebase-admin, as the
// functions run it: entries written once per event, none for a deleted lead, and a deleted
// lead's notes and timeline removed. The triggers themselves: timeline-emulator.test.ts.
import { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/src/index.js';
import { leadChanges, timelineEntries } from '../src/timeline.js';
import { deleteLeadRecord, writeTimeline } from '../src/timeline-writer.js';

let db: Firestore;
let stop: () => Promise<void>;
let project = 0;

beforeAll(async () => {
  const emulator = await startEmulator({ host: '127.0.0.1', port: 0 });
  stop = () => emulator.stop();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
});

beforeEach(() => {
  // A project per test: each starts from an empty database.
  db = new Firestore({ projectId: `demo-timeline-${++project}` });
});

afterAll(async () => {
  await db?.terminate();
  await stop?.();
});

const entries = () =>
  timelineEntries(
    leadChanges({ status: 'novo' }, { status: 'principal', last_contacted_at: new Date() }),
    { type: 'app_user', id: 'u1', email: 'a@x.com' },
    new Date(Date.UTC(2026, 6, 1, 12)),
  );

async function ids(path: string): Promise<string[]> {
  return (await db.collection(path).get()).docs.map((doc) => doc.id).sort();
}

describe('writeTimeline', () => {
  it('writes one document per change, with the writer and the time', async () => {
    await db.doc('leads/L1').set({ status: 'principal' });
    expect(await writeTimeline(db, 'L1', 'event-1', entries())).toBe(2);
    const stored = (await db.collection('leads/L1/timeline').orderBy('kind').get()).docs.map((d) =>
      d.data(),
    );
    expect(stored).toMatchObject([
      { kind: 'contacted', actor_email: 'a@x.com', actor_uid: 'u1' },
      { kind: 'status', from: 'novo', to: 'principal', actor_email: 'a@x.com' },
    ]);
    expect(stored[0]!.at.toDate()).toEqual(new Date(Date.UTC(2026, 6, 1, 12)));
  });

  it('the same event delivered twice leaves one copy of each entry', async () => {
    await db.doc('leads/L1').set({ status: 'principal' });
    await writeTimeline(db, 'L1', 'event-1', entries());
    await writeTimeline(db, 'L1', 'event-1', entries());
    expect(await ids('leads/L1/timeline')).toEqual(['event-1-0', 'event-1-1']);
  });

  it('writes nothing for a lead that no longer exists', async () => {
    expect(await writeTimeline(db, 'gone', 'event-2', entries())).toBe(0);
    expect(await ids('leads/gone/timeline')).toEqual([]);
  });
});

describe('deleteLeadRecord', () => {
  it("removes every note and timeline entry of the lead (over several pages), and only the lead's", async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 1200; i += 1) {
      void writer.set(db.doc(`leads/L1/timeline/e${i}`), { kind: 'status' });
    }
    for (let i = 0; i < 30; i += 1) void writer.set(db.doc(`leads/L1/notes/n${i}`), { text: 'x' });
    void writer.set(db.doc('leads/L2/notes/keep'), { text: 'y' });
    void writer.set(db.doc('leads/L2/timeline/keep'), { kind: 'status' });
    await writer.close();

    expect(await deleteLeadRecord(db, 'L1')).toBe(1230);
    expect(await ids('leads/L1/timeline')).toEqual([]);
    expect(await ids('leads/L1/notes')).toEqual([]);
    expect(await ids('leads/L2/notes')).toEqual(['keep']);
    expect(await ids('leads/L2/timeline')).toEqual(['keep']);
  });
});
