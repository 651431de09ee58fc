/**
 * Counts the emulator answers from its indexes, exact through firebase-admin and the JS SDK: with
 * an `in` filter, as the panel's total of the list counts its active leads (`deleted_at == null`,
 * `status in [its four statuses]`), and with a range on a field only some documents have beside
 * equalities, as 'Para hoje' counts an admin's steps due before a time.
 */
import { Timestamp, type Query } from 'firebase-admin/firestore';
import {
  collection,
  getCountFromServer,
  query as webQuery,
  where as webWhere,
} from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './support/emulator.js';

const env = useEmulator('demo-count-in');

const statuses = ['novo', 'principal', 'separado', 'descartado', 'suspeito'] as const;
interface Row {
  status: string;
  deleted: boolean;
  tags: string[];
  dated: boolean;
  /** A step due at this time (ms), assigned to this admin, on some. */
  due?: number;
  owner?: string;
}
const rows: Row[] = Array.from({ length: 240 }, (_, i) => ({
  status: statuses[i % 5]!,
  deleted: i % 7 === 0,
  tags: i % 4 === 0 ? ['maria', 'm'] : ['jose'],
  dated: i % 11 !== 0,
  ...(i % 3 === 0 ? { due: 5_000 + (i % 50) * 100, owner: i % 2 ? 'ana' : 'bia' } : {}),
}));

beforeAll(async () => {
  const batch = env.admin.batch();
  rows.forEach((row, i) =>
    batch.set(env.admin.doc(`leads/l${i}`), {
      status: row.status,
      deleted_at: row.deleted ? Timestamp.fromMillis(i) : null,
      search_keys: row.tags,
      ...(row.dated ? { created_at: Timestamp.fromMillis(1_000_000 + i) } : {}),
      ...(row.due === undefined
        ? {}
        : { next_step: { due_at: Timestamp.fromMillis(row.due) }, assigned_to: row.owner }),
    }),
  );
  await batch.commit();
});

const count = async (query: Query) => (await query.count().get()).data().count;
const expected = (keep: (row: Row) => boolean) => rows.filter(keep).length;
const listed = ['novo', 'principal', 'separado', 'descartado'];

describe('counts with an `in` filter', () => {
  const leads = () => env.admin.collection('leads');

  it('count each document once, with the other filters', async () => {
    expect(await count(leads().where('status', 'in', listed))).toBe(
      expected((r) => listed.includes(r.status)),
    );
    const active = leads().where('deleted_at', '==', null);
    expect(await count(active.where('status', 'in', listed))).toBe(
      expected((r) => !r.deleted && listed.includes(r.status)),
    );
    expect(await count(active.where('status', 'in', ['novo', 'novo', 'nenhum']))).toBe(
      expected((r) => !r.deleted && r.status === 'novo'),
    );
    expect(await count(active.where('status', 'in', ['nenhum']))).toBe(0);
    expect(
      await count(
        active
          .where('status', 'in', ['principal', 'separado'])
          .where('search_keys', 'array-contains', 'maria'),
      ),
    ).toBe(
      expected(
        (r) =>
          !r.deleted && ['principal', 'separado'].includes(r.status) && r.tags.includes('maria'),
      ),
    );
  });

  it('leave out the documents without the field the query orders by', async () => {
    expect(
      await count(
        leads()
          .where('deleted_at', '==', null)
          .where('status', 'in', listed)
          .orderBy('created_at', 'desc'),
      ),
    ).toBe(expected((r) => !r.deleted && listed.includes(r.status) && r.dated));
  });

  it('count a range on a field some documents lack, with equalities beside it', async () => {
    const due = (owner: string, before: number) =>
      leads()
        .where('deleted_at', '==', null)
        .where('assigned_to', '==', owner)
        .where('next_step.due_at', '<', Timestamp.fromMillis(before))
        .orderBy('next_step.due_at');
    for (const [owner, before] of [
      ['ana', 7_000],
      ['bia', 9_950],
      ['bia', 5_000],
      ['nobody', 9_000],
    ] as const) {
      expect(await count(due(owner, before))).toBe(
        expected((r) => !r.deleted && r.owner === owner && (r.due ?? Infinity) < before),
      );
    }
    const dueAt = leads().where('next_step.due_at', '>=', Timestamp.fromMillis(6_000));
    expect(await count(dueAt.orderBy('next_step.due_at', 'desc'))).toBe(
      expected((r) => r.due !== undefined && r.due >= 6_000),
    );
    expect(await count(dueAt.where('status', 'in', ['novo', 'separado']))).toBe(
      expected(
        (r) => r.due !== undefined && r.due >= 6_000 && ['novo', 'separado'].includes(r.status),
      ),
    );
  });

  it('agree with a count through the JS SDK, and follow a change', async () => {
    const webCount = async () =>
      (
        await getCountFromServer(
          webQuery(
            collection(env.web, 'leads'),
            webWhere('deleted_at', '==', null),
            webWhere('status', 'in', listed),
          ),
        )
      ).data().count;
    const before = expected((r) => !r.deleted && listed.includes(r.status));
    expect(await webCount()).toBe(before);
    await env.admin.doc('leads/l1').update({ status: 'suspeito' });
    expect(await webCount()).toBe(before - 1);
  });
});
