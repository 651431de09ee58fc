/**
 * The Relatórios figures at scale: seeds leads over the last `--days` São Paulo days (jobs,
 * localities, statuses, 60% with a visit source) into a fresh local suite (firestore.rules and
 * firestore.indexes.json), with the statistics the functions would keep for them (written by the
 * functions' own reconcile, timed; `--no-stats`: none, as a deployment before them), then computes the
 * report as the tab does (web/src/features/reports/api/report-queries.ts: the day documents, or
 * counting lead by lead where there are none) with the JS SDK signed in as an admin, and prints
 * the time and the billed document reads, next to the report counted lead by lead
 * (api/report-counting.ts, what the tab did before the statistics). With `--throttle 4` (or
 * `1,4`) it also opens the tab in Chromium at each CPU rate and times the period's report there
 * (lib/reports-page.ts).
 * Numbers only, never pass/fail.
 * Usage: node --import tsx bench/reports.ts [--leads 20000] [--days 30] [--throttle 4] [--no-stats]
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
const { getAuth } = await import('firebase-admin/auth');
const { Timestamp, getFirestore: getAdminFirestore } = await import('firebase-admin/firestore');
const { initializeApp, deleteApp } = await import('firebase/app');
const { connectFirestoreEmulator, getFirestore } = await import('firebase/firestore');
const { statsDayKey } = await import('@vagas/common');
const { startLocalSuite } = await import('../scripts/lib/local-suite.mjs');
const { useEmulatorAppCheck } = await import('../scripts/lib/app-check.mjs');
const { report: reportNumber } = await import('./lib/report.ts');
const { withoutBackgroundTriggers } = await import('../scripts/lib/background-triggers.mjs');
const { loadReport } = await import('../web/src/features/reports/api/report-queries');
const { countReport } = await import('../web/src/features/reports/api/report-counting');
const { periodOf, shiftDay } = await import('../web/src/features/reports/model/report');
const { callCenterVaga } = await import('../web/src/domain/lead');
const options = await import('../web/src/domain/options');
const { application } = await import('./lib/leads.ts');
const { reconcileLeadStats } = await import('../functions/src/lead-stats-reconcile.ts');

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const leadCount = Number(argOf('leads') ?? 20_000);
const dayCount = Number(argOf('days') ?? 30);
const throttles = argOf('throttle')?.split(',').map(Number) ?? [];
const withStats = !process.argv.includes('--no-stats');
const step = (what: string) => process.stderr.write(`${what}\n`);
const ms = (n: number) => `${n.toFixed(0)} ms`;

step('starting the local suite');
// The browser needs the web build, Auth and the functions (the admin's sign-in).
const browser = throttles.length > 0;
const suite = await startLocalSuite(
  browser ? { web: 'hosting', functions: true } : { web: false, functions: false, auth: false },
);
const host = suite.firestore.host;
const port = suite.firestore.port;
process.env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
if (suite.auth) process.env.FIREBASE_AUTH_EMULATOR_HOST = `${suite.auth.host}:${suite.auth.port}`;
const adminApp = initAdminApp({ projectId: suite.projectId }, 'bench-reports');
const web = initializeApp({ projectId: suite.projectId, apiKey: 'bench' }, 'bench-reports-web');
// The suite enforces App Check, as production does.
useEmulatorAppCheck(web, suite.firestore);

try {
  const admin = getAdminFirestore(adminApp);
  const lastDay = statsDayKey(new Date());
  const firstDay = shiftDay(lastDay, -(dayCount - 1));
  const period = periodOf(firstDay, lastDay);
  // Up to a minute ago: every lead is in the period.
  const span = Math.min(period.to.getTime(), Date.now() - 60_000) - period.from.getTime();
  const jobs = [...options.rootJobs, ...options.callCenterJobs.map(callCenterVaga)];
  const towns = [...options.rootLocalities, ...options.callCenterLocalities];
  const sources = ['facebook', 'instagram', 'google', 'whatsapp'];
  const lead = (i: number) => ({
    ...application('root', { nome: `Candidato ${i}` }),
    // Every job and town of both forms, evenly: what the report counts.
    vaga: jobs[i % jobs.length]!,
    cidade: towns[(i * 7) % towns.length]!,
    status: options.leadStatuses[i % 4]!,
    // Spread over the whole period, in a shuffled order (7919 is prime, so i -> i * 7919 mod n
    // visits every slot once).
    created_at: Timestamp.fromMillis(
      period.from.getTime() + Math.floor((((i * 7919) % leadCount) / leadCount) * span),
    ),
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
  const timeReconcile = async () => {
    const reconcileStart = performance.now();
    const rebuilt = await reconcileLeadStats(admin, { days: 'all' });
    const reconcileMs = performance.now() - reconcileStart;
    const nightlyStart = performance.now();
    const nightly = await reconcileLeadStats(admin);
    return { rebuilt, reconcileMs, nightly, nightlyMs: performance.now() - nightlyStart };
  };
  step(`seeding ${leadCount.toLocaleString('en')} leads over ${dayCount} days`);
  const seedStart = performance.now();
  const seed = async () => {
    for (let start = 0; start < leadCount; start += 2000) {
      await Promise.all(
        [0, 500, 1000, 1500].map((offset) => {
          const batch = admin.batch();
          const end = Math.min(leadCount, start + offset + 500);
          for (let i = start + offset; i < end; i++) {
            batch.set(admin.collection('leads').doc(`bench-${i}`), lead(i));
          }
          return batch.commit();
        }),
      );
    }
  };
  // With the functions running (the browser's suite), seeded with the triggers off, as the panel's
  // bench seeds.
  await (browser ? withoutBackgroundTriggers(suite.hub, seed) : seed());
  const seedMs = performance.now() - seedStart;
  step(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  // The statistics, written by the functions' reconcile over every seeded day (as every seed with
  // the triggers off leaves them), timed, then the nightly run's 2 days (which should correct
  // nothing). Not with --no-stats, which measures a deployment without them.
  const reconcile = withStats ? await timeReconcile() : null;
  await admin.doc('settings/redirect').set({
    whatsapp_link: 'https://wa.me/5579999999999',
    redirect_time: 5,
    redirect_count: 1234,
    updated_at: Timestamp.now(),
  });

  const db = getFirestore(web);
  connectFirestoreEmulator(db, host, port, { mockUserToken: { sub: 'bench-admin', admin: true } });
  // Warmed twice each: the first runs build the emulator's indexes and warm the connection (at
  // 100,000 leads the first counted report took minutes, the next ones seconds).
  for (let run = 0; run < 2; run++) {
    await countReport(db, period);
    await loadReport(db, period);
  }
  const started = performance.now();
  const report = await loadReport(db, period);
  const reportMs = performance.now() - started;
  const countedStart = performance.now();
  const counted = await countReport(db, period);
  const countedMs = performance.now() - countedStart;

  const per = `${leadCount.toLocaleString('en')} leads, ${dayCount} days`;
  console.log(`Relatórios over ${per} (${withStats ? 'with' : 'without'} the statistics):`);
  console.log(
    `  as the tab computes it: ${ms(reportMs)}, ${report.reads.toLocaleString('en')} billed reads`,
  );
  console.log(
    `  counted lead by lead (aggregations and the sourced leads): ${ms(countedMs)}, ${counted.reads.toLocaleString('en')} billed reads`,
  );
  const same = JSON.stringify({ ...report, reads: 0 }) === JSON.stringify({ ...counted, reads: 0 });
  console.log(
    `  check: total ${report.total.toLocaleString('en')} (${leadCount.toLocaleString('en')} seeded), the two reports ${same ? 'agree' : 'DIFFER'}`,
  );
  if (reconcile) {
    const { rebuilt, reconcileMs, nightly, nightlyMs } = reconcile;
    console.log(
      `Counters: seeding the leads ${(seedMs / 1000).toFixed(1)} s; the reconcile after it (stats/leads and ${rebuilt.days} days of stats_daily): ${reconcileMs.toFixed(0)} ms, ${rebuilt.reads.toLocaleString('en')} billed reads, ${Object.keys(rebuilt.corrected).length + rebuilt.daysCorrected.length} corrections; the nightly reconcile (${nightly.days} days): ${nightlyMs.toFixed(0)} ms, ${nightly.reads.toLocaleString('en')} billed reads, ${Object.keys(nightly.corrected).length + nightly.daysCorrected.length} corrections`,
    );
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
  }
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

  if (browser) {
    const { reportsInBrowser } = await import('./lib/reports-page.ts');
    const results = await reportsInBrowser({
      suite,
      db: admin,
      auth: getAuth(adminApp),
      throttles,
      firstDay,
      lastDay,
      total: report.total.toLocaleString('pt-BR'),
      step,
    });
    for (const r of results) {
      console.log(
        `  in Chromium at ${r.throttle}x CPU: tab -> last 30 days ${ms(r.openMs)}; period's last day clicked -> its report ${ms(r.periodMs)}, ${r.periodReads.toLocaleString('en')} reads on the wire`,
      );
      reportNumber({
        section: 'panel',
        measure: `Relatórios in the browser, ${r.throttle}x CPU (${per})`,
        value: r.periodMs,
        unit: 'ms',
        goal: r.throttle === 4 ? { op: '<', value: 1500 } : undefined,
      });
    }
  }
} finally {
  await deleteApp(web);
  await deleteAdminApp(adminApp);
  await suite.stop();
}
