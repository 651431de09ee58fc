/**
 * Counts of queries with an `in` filter, as the panel's total of the list counts its active leads
 * (`deleted_at == null`, `status in [its four statuses]`): exact, alone or with other filters,
 * through firebase-admin and the JS SDK.
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
}
const rows: Row[] = Array.from({ length: 240 }, (_, i) => ({
  status: statuses[i % 5]!,
  deleted: i % 7 === 0,
  tags: i % 4 === 0 ? ['maria', 'm'] : ['jose'],
  dated: i % 11 !== 0,
}));

beforeAll(async () => {
  const batch = env.admin.batch();
  rows.forEach((row, i) =>
    batch.set(env.admin.doc(`leads/l${i}`), {
      status: row.status,
      deleted_at: row.deleted ? Timestamp.fromMillis(i) : null,
      search_keys: row.tags,
      ...(row.dated ? { created_at: Timestamp.fromMillis(1_000_000 + i) } : {}),
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
