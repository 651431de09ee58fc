/**
 * The Relatórios figures at scale: seeds 20,000 leads over the last 30 days (jobs, localities,
 * statuses, 60% with a visit source) into a fresh Firestore emulator (the local suite's, with
 * firestore.rules and firestore.indexes.json), then computes the report as the tab does
 * (web/src/features/reports/api/report-queries.ts: aggregation counts plus a paged read of the
 * sourced leads) with the JS SDK signed in as an admin, and prints the time and the billed document
 * reads, next to the alternative of reading every lead of the period once.
 * Numbers only, never pass/fail. Usage: node --import tsx bench/reports.ts [--leads 20000]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The report code imports `@/...`: re-run under web/tsconfig.json's paths.
if (!process.env.TSX_TSCONFIG_PATH) {
  const here = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', here, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: path.resolve(here, '../../web/tsconfig.json') },
  });
  process.exit(result.status ?? 1);
}

const { deleteApp: deleteAdminApp, initializeApp: initAdminApp } =
  await import('firebase-admin/app');
const { Timestamp, getFirestore: getAdminFirestore } = await import('firebase-admin/firestore');
const { initializeApp, deleteApp } = await import('firebase/app');
const {
  collection,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
  startAfter,
  where,
} = await import('firebase/firestore');
const { startLocalSuite } = await import('../scripts/lib/local-suite.mjs');
const { useEmulatorAppCheck } = await import('../scripts/lib/app-check.mjs');
const { report: reportNumber } = await import('./lib/report.ts');
const { loadReport } = await import('../web/src/features/reports/api/report-queries');
const { defaultPeriod } = await import('../web/src/features/reports/model/report');
const { callCenterVaga } = await import('../web/src/domain/lead');
const options = await import('../web/src/domain/options');
const { application } = await import('./lib/leads.ts');
const { reconcileLeadStats } = await import('../functions/src/lead-stats-reconcile.ts');

const argIndex = process.argv.indexOf('--leads');
const leadCount = argIndex === -1 ? 20_000 : Number(process.argv[argIndex + 1]);
const step = (what: string) => process.stderr.write(`${what}\n`);

step('starting the Firestore emulator');
const suite = await startLocalSuite({ web: false, functions: false, auth: false });
const host = suite.firestore.host;
const port = suite.firestore.port;
process.env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
const adminApp = initAdminApp({ projectId: suite.projectId }, 'bench-reports');
const web = initializeApp({ projectId: suite.projectId, apiKey: 'bench' }, 'bench-reports-web');
// The suite enforces App Check, as production does.
useEmulatorAppCheck(web, suite.firestore);

try {
  const admin = getAdminFirestore(adminApp);
  const period = defaultPeriod();
  const span = period.to.getTime() - period.from.getTime() - 60_000;
  const jobs = [...options.rootJobs, ...options.callCenterJobs.map(callCenterVaga)];
  const towns = [...options.rootLocalities, ...options.callCenterLocalities];
  const sources = ['facebook', 'instagram', 'google', 'whatsapp'];
  step(`seeding ${leadCount.toLocaleString('en')} leads`);
  const seedStart = performance.now();
  for (let start = 0; start < leadCount; start += 500) {
    const batch = admin.batch();
    for (let i = start; i < Math.min(leadCount, start + 500); i++) {
      batch.set(admin.collection('leads').doc(`bench-${i}`), {
        ...application('root', { nome: `Candidato ${i}` }),
        // Every job and town of both forms, evenly: what the report counts.
        vaga: jobs[i % jobs.length],
        cidade: towns[(i * 7) % towns.length],
        status: options.leadStatuses[i % 4],
        created_at: Timestamp.fromMillis(period.from.getTime() + ((i * 7919) % span)),
        deleted_at: i % 10 === 0 ? Timestamp.now() : null,
        ...(i % 5 < 3
          ? {
              source: {
                utm_source: sources[i % sources.length],
                utm_campaign: `campanha-${i % 7}`,
                fbclid: i % 2 === 0,
              },
            }
          : {}),
      });
    }
    await batch.commit();
  }
  const seedMs = performance.now() - seedStart;
  step(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  // The counters (stats/leads, stats_daily) recomputed from the leads, as every seed now does
  // after writing with the triggers off: every day of the seed, then the nightly run's 2 days.
  const reconcileStart = performance.now();
  const rebuilt = await reconcileLeadStats(admin, { days: 'all' });
  const reconcileMs = performance.now() - reconcileStart;
  const nightlyStart = performance.now();
  const nightly = await reconcileLeadStats(admin);
  const nightlyMs = performance.now() - nightlyStart;
  await admin.doc('settings/redirect').set({
    whatsapp_link: 'https://wa.me/5579999999999',
    redirect_time: 5,
    redirect_count: 1234,
    updated_at: Timestamp.now(),
  });

  const db = getFirestore(web);
  connectFirestoreEmulator(db, host, port, { mockUserToken: { sub: 'bench-admin', admin: true } });
  // Warm the connection (and the emulator's indexes) once, then time.
  await loadReport(db, period);
  const started = performance.now();
  const report = await loadReport(db, period);
  const reportMs = performance.now() - started;
  const sourced = report.bySource
    .filter((row) => row.label !== 'Sem origem')
    .reduce((sum, row) => sum + row.value, 0);

  // The sourced leads alone (the report's paged read), to see where the time goes.
  const sourcedStart = performance.now();
  let sourcedRead = 0;
  let last: import('firebase/firestore').QueryDocumentSnapshot | undefined;
  for (;;) {
    const base = query(
      collection(db, 'leads'),
      where('source.fbclid', 'in', [true, false]),
      where('created_at', '>=', period.from),
      where('created_at', '<', period.to),
      orderBy('created_at'),
      limit(500),
    );
    const page = await getDocs(last ? query(base, startAfter(last)) : base);
    sourcedRead += page.size;
    if (page.size < 500) break;
    last = page.docs[page.docs.length - 1];
  }
  const sourcedMs = performance.now() - sourcedStart;

  const allStart = performance.now();
  const all = await getDocs(
    query(
      collection(db, 'leads'),
      where('created_at', '>=', period.from),
      where('created_at', '<', period.to),
    ),
  );
  const allMs = performance.now() - allStart;

  console.log(`Relatórios over ${leadCount.toLocaleString('en')} leads in the last 30 days:`);
  console.log(
    `  as the tab computes it: ${reportMs.toFixed(0)} ms, ${report.reads.toLocaleString('en')} billed reads (aggregations: 1 per 1,000 counted, at least 1 per query; sourced leads: ${sourced.toLocaleString('en')} document reads)`,
  );
  console.log(
    `  of which the sourced leads' paged read: ${sourcedMs.toFixed(0)} ms, ${sourcedRead.toLocaleString('en')} reads; the counts: ${(report.reads - sourced).toLocaleString('en')} billed reads`,
  );
  console.log(
    `  reading every lead of the period once instead: ${allMs.toFixed(0)} ms, ${all.size.toLocaleString('en')} reads`,
  );
  console.log(
    `  check: total ${report.total.toLocaleString('en')} (= ${all.size.toLocaleString('en')} read), by job sums to ${report.byJob.reduce((s, r) => s + r.value, 0).toLocaleString('en')}`,
  );
  console.log(
    `Counters: seeding the leads ${(seedMs / 1000).toFixed(1)} s; the reconcile after it (stats/leads and ${rebuilt.days} days of stats_daily): ${reconcileMs.toFixed(0)} ms, ${rebuilt.reads.toLocaleString('en')} billed reads; the nightly reconcile (${nightly.days} days): ${nightlyMs.toFixed(0)} ms, ${nightly.reads.toLocaleString('en')} billed reads, ${Object.keys(nightly.corrected).length + nightly.daysCorrected.length} corrections`,
  );
  const per = `${leadCount.toLocaleString('en')} leads, 30 days`;
  reportNumber({
    section: 'panel',
    measure: `counters reconcile after a seed (${per})`,
    value: reconcileMs,
    unit: 'ms',
  });
  reportNumber({
    section: 'panel',
    measure: `counters nightly reconcile billed reads (${per})`,
    value: nightly.reads,
    unit: 'reads',
  });
  reportNumber({
    section: 'panel',
    measure: `Relatórios computed (${per})`,
    value: reportMs,
    unit: 'ms',
  });
  reportNumber({
    section: 'panel',
    measure: `Relatórios billed reads (${per})`,
    value: report.reads,
    unit: 'reads',
  });
} finally {
  await deleteApp(web);
  await deleteAdminApp(adminApp);
  await suite.stop();
}
