/**
 * What one search of the Leads list costs in Firestore reads, at 20,000 and 100,000 active leads
 * (names as Brazilians have them: particles, three to six words): the queries the panel runs for
 * a search (its first page of 25, the two counts under the filters, the duplicates of the rows on
 * screen), each run with `explain({ analyze: true })` on our emulator, which bills them as
 * Firestore does (a query: one read per document returned, at least one; a count: one per 1,000
 * index entries counted, at least one). The emulator enforces firestore.indexes.json, so a search
 * the deployed indexes could not serve fails here.
 * For the design's record it also prints what a search by its rarest word alone would read
 * to be exact (every lead holding that word, filtered on the device), the design not taken.
 * Numbers only, never pass/fail.
 * Usage: node --import tsx bench/search-reads.ts [--active 20000,100000]
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { fileURLToPath } from 'node:url';
import { leadKeys, phoneKeyOf, searchKeyOf, searchWords, searchStopwords } from '@vagas/common';
import { startEmulator } from '../emulator/src/index.ts';
import { report } from './lib/report.ts';

const list = (name: string, fallback: number[]) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1]!.split(',').map(Number);
};
const sizes = list('active', [20_000, 100_000]).sort((a, b) => a - b);

const firstNames = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Fátima',
  'Carlos',
  'Érica',
  'Paulo',
  'Adriana',
  'Lucas',
  'Juliana',
  'Pedro',
  'Márcia',
  'Rafael',
  'Luciana',
  'Gabriel',
  'Tânia',
  'Raí',
];
const middleNames = [
  '',
  '',
  'Aparecida',
  'Eduardo',
  'de Fátima',
  'Cristina',
  'Henrique',
  'das Dores',
];
const surnames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Conceição',
  'Ferreira',
  'Alves',
  'Rodrigues',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Nascimento',
  'Barbosa',
  'Brandão',
];
const particles = ['da', 'de', 'dos', 'do', ''];

/** The i-th lead's name: first name, maybe a middle name, one or two surnames with particles. */
function nameOf(i: number): string {
  const pick = <T>(items: readonly T[], salt: number) =>
    items[(i * salt + (i >> 3)) % items.length]!;
  const last = [pick(particles, 7), pick(surnames, 13)];
  if (i % 3 === 0) last.push(pick(particles, 11), pick(surnames, 17));
  return [pick(firstNames, 1), pick(middleNames, 5), ...last].filter(Boolean).join(' ');
}

const phoneOf = (i: number) => {
  const n = String(10_000_000 + ((i * 7919) % 89_999_999)).slice(0, 8);
  return `(${71 + (i % 9)}) 9${n.slice(0, 4)}-${n.slice(4)}`;
};

async function seed(db: Firestore, from: number, to: number): Promise<void> {
  const start = Date.now();
  const now = Date.now();
  for (let s = from; s < to; s += 2000) {
    await Promise.all(
      [0, 500, 1000, 1500].map((offset) => {
        const batch = db.batch();
        for (let i = s + offset; i < Math.min(to, s + offset + 500); i++) {
          const nome = nameOf(i);
          const whatsapp = phoneOf(i);
          batch.set(db.collection('leads').doc(`lead-${i}`), {
            nome,
            whatsapp,
            ...leadKeys(nome, whatsapp),
            vaga: 'Aux Serraria',
            cidade: 'Joazeiro',
            status: ['novo', 'principal', 'separado', 'descartado'][i % 4],
            created_at: Timestamp.fromMillis(now - i * 60_000),
            deleted_at: null,
          });
        }
        return batch.commit();
      }),
    );
  }
  console.log(`seeded leads ${from}..${to - 1} in ${((Date.now() - start) / 1000).toFixed(0)} s`);
}

/** Billed reads of a query or count, as the emulator's explain reports them. */
async function readsOf(
  q: Query,
): Promise<{ reads: number; rows: FirebaseFirestore.DocumentData[] }> {
  const result = await q.explain({ analyze: true });
  const stats = result.metrics.executionStats;
  if (!stats) throw new Error('explain gave no execution stats');
  return { reads: stats.readOperations, rows: result.snapshot?.docs.map((d) => d.data()) ?? [] };
}

async function countReads(q: Query): Promise<{ reads: number; count: number }> {
  const result = await q.count().explain({ analyze: true });
  const stats = result.metrics.executionStats;
  if (!stats) throw new Error('explain gave no execution stats');
  return { reads: stats.readOperations, count: result.snapshot?.data().count ?? 0 };
}

/** The panel's queries for one search (web/src/domain/lead-query.ts, data/lead-list-reads.ts). */
async function searchCost(db: Firestore, typed: string) {
  const key = searchKeyOf(typed);
  const listed = db
    .collection('leads')
    .where('deleted_at', '==', null)
    .where('search_keys', 'array-contains', key)
    .orderBy('created_at', 'desc');
  const page = await readsOf(listed.limit(25));
  const total = await countReads(listed);
  const qualified = await countReads(listed.where('status', '==', 'principal'));
  const phones = [...new Set(page.rows.map((lead) => phoneKeyOf(String(lead.whatsapp))))].sort();
  const duplicates = phones.length
    ? await readsOf(
        db
          .collection('leads')
          .where('deleted_at', '==', null)
          .where('phone_key', 'in', phones.slice(0, 30)),
      )
    : { reads: 0, rows: [] };
  // The design not taken: the rarest word alone, every lead holding it read and filtered here.
  const words = searchWords(typed).filter((word) => !searchStopwords.includes(word));
  let rarest = Number.NaN;
  if (words.length > 1 && /\p{L}/u.test(typed)) {
    const counts = await Promise.all(
      words.map(
        async (word) =>
          (
            await db
              .collection('leads')
              .where('deleted_at', '==', null)
              .where('search_keys', 'array-contains', word)
              .count()
              .get()
          ).data().count,
      ),
    );
    rarest = Math.min(...counts);
  }
  const reads = page.reads + total.reads + qualified.reads + duplicates.reads;
  return {
    key,
    matches: total.count,
    page: page.reads,
    counts: total.reads + qualified.reads,
    duplicates: duplicates.reads,
    reads,
    rarest,
  };
}

const searches = [
  'fatima silva',
  'silva fatima',
  'conceicao erica',
  'maria de fatima souza',
  'maria',
  'silva',
  '+55 75 91000-2758',
  '75 91000 2758',
];

const emulator = await startEmulator({
  port: 0,
  projectId: 'demo-search-reads',
  indexesFile: fileURLToPath(new URL('../firestore.indexes.json', import.meta.url)),
});
process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
const app = initializeApp({ projectId: 'demo-search-reads' }, 'search-reads');
const db = getFirestore(app);
try {
  let seeded = 0;
  for (const size of sizes) {
    await seed(db, seeded, size);
    seeded = size;
    // The phone of the examples, on one lead.
    await db
      .doc('leads/lead-0')
      .update({ whatsapp: '(75) 91000-2758', ...leadKeys(nameOf(0), '(75) 91000-2758') });
    console.log(
      `\n${size.toLocaleString('en')} active leads: reads per search (page of 25 + 2 counts + duplicates)`,
    );
    console.log(
      '  search                    key                        matches  page counts dups  total  rarest word alone',
    );
    for (const typed of searches) {
      const cost = await searchCost(db, typed);
      console.log(
        `  ${typed.padEnd(25)} ${String(cost.key).padEnd(26)} ${String(cost.matches).padStart(7)}  ${String(cost.page).padStart(4)} ${String(cost.counts).padStart(6)} ${String(cost.duplicates).padStart(4)}  ${String(cost.reads).padStart(5)}  ${Number.isNaN(cost.rarest) ? '-' : cost.rarest}`,
      );
      report({
        section: 'panel',
        measure: `search '${typed}': reads (${size.toLocaleString('en')} active leads)`,
        value: cost.reads,
        unit: 'reads',
      });
    }
  }
} finally {
  await deleteApp(app);
  await emulator.stop();
}
