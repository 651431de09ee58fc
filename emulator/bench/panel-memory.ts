/**
 * The emulator's memory under the queries the real admin panel sends (numbers only, never
 * pass/fail): a `--data` directory of leads shaped as `bench/panel.ts`'s snapshot (`--active`
 * leads with a next step every 20th, then `--trashed` ones), loaded by the CLI with the project's
 * indexes; once its background builds are done, each of the panel's query shapes runs once, as a
 * fresh emulator first meets it (the list newest first and by name, the board's columns, 'Para
 * hoje', Lixeira, the URL-driven list, the duplicates, `documentId() in`, counts by job and
 * status), and the emulator's RSS, peak RSS (VmHWM, reset before each shape) and JS heap after a
 * collection are printed after each; then, once the builds the first round started are done (the
 * peak meanwhile printed), the same shapes again (a view's later opens).
 * Run: node --import tsx emulator/bench/panel-memory.ts [--active 200000] [--trashed 4000]
 */
import {
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { FieldPath, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { writeDataDir } from '../src/server/journal.js';
import { adminClient } from '../test/support/emulator.js';
import { cliMode, startEmulatorProcess, type EmulatorProcess } from './_emulator-process.js';
import { DAY_MS, leadDocuments, NOW, PANEL_ADMIN as ADMIN, PROJECT } from './_panel-leads.js';
import { argOf, PROJECT_INDEXES } from './_bench-args.js';

const active = Number(argOf('active') ?? 200_000);
const trashed = Number(argOf('trashed') ?? Math.round(active / 50));
/**
 * A data directory to start from instead (e.g. the panel bench's cached snapshot in
 * /tmp/vagas-panel-snapshots): its files are hard-linked into a fresh one, which the emulator may
 * write to without touching them; `--project` then names its project (the panel's: demo-vagas).
 */
const snapshot = argOf('snapshot');
const project = argOf('project') ?? (snapshot ? 'demo-vagas' : PROJECT);
/** `tsx`: the CLI from its sources, as `npm start` and the panel bench run it. */
const mode = argOf('cli') === 'tsx' ? 'tsx' : cliMode;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () => `load ${loadavg()[0].toFixed(1)}`;

const statuses = ['novo', 'principal', 'separado', 'descartado'];

/** The panel's query shapes (web/src/data/*-reads.ts, domain/lead-query.ts), by name. */
function shapes(db: Firestore): [string, () => Promise<unknown>][] {
  const leads = db.collection('leads');
  const act = leads.where('deleted_at', '==', null);
  const listed = act.where('status', 'in', statuses);
  const newest = (q: Query) => q.orderBy('created_at', 'desc');
  const until = Timestamp.fromMillis(NOW + DAY_MS / 2);
  const due = (q: Query) =>
    q.where('next_step.due_at', '<', until).orderBy('next_step.due_at', 'asc');
  const job = '[Conecta] Operador de Call Center';
  let page: string[] = [];
  let phones: string[] = [];
  const get = (q: Query) => q.get().then((s) => s.size);
  const count = (q: Query) => q.count().get();
  return [
    [
      '/admin page (status in, newest)',
      async () => {
        const s = await newest(listed).limit(25).get();
        page = s.docs.map((d) => d.id);
        phones = s.docs.map((d) => d.get('phone_key') as string);
      },
    ],
    [
      'duplicates (phone_key in)',
      () => get(act.where('phone_key', 'in', [...new Set(phones)].sort())),
    ],
    ['documentId() in (ticked)', () => get(leads.where(FieldPath.documentId(), 'in', page))],
    ['page 2 (startAfter)', () => get(newest(listed).limit(50))],
    ['list by name asc', () => get(listed.orderBy('name_key', 'asc').limit(25))],
    ['list by name desc', () => get(listed.orderBy('name_key', 'desc').limit(25))],
    ['list by vaga', () => get(listed.orderBy('vaga', 'asc').limit(25))],
    ['list by cidade', () => get(listed.orderBy('cidade', 'asc').limit(25))],
    ['list oldest first', () => get(listed.orderBy('created_at', 'asc').limit(25))],
    [
      'URL list (maria, separado, by name)',
      () =>
        get(
          act
            .where('status', '==', 'separado')
            .where('search_keys', 'array-contains', 'maria')
            .orderBy('name_key', 'asc')
            .limit(25),
        ),
    ],
    [
      "URL list's counts",
      () =>
        Promise.all([
          count(
            newest(
              act.where('status', '==', 'separado').where('search_keys', 'array-contains', 'maria'),
            ),
          ),
        ]),
    ],
    [
      'board (4 columns of 12)',
      () => Promise.all(statuses.map((s) => get(newest(act.where('status', '==', s)).limit(12)))),
    ],
    [
      'board by job',
      () =>
        Promise.all(
          statuses.map((s) =>
            get(newest(act.where('status', '==', s).where('vaga', '==', job)).limit(12)),
          ),
        ),
    ],
    [
      'counts by job and status',
      () =>
        Promise.all([
          count(newest(act.where('vaga', '==', job).where('status', 'in', statuses))),
          count(newest(act.where('vaga', '==', job).where('status', '==', 'principal'))),
          count(
            leads.where('vaga', '==', job).where('created_at', '>=', Timestamp.fromMillis(NOW)),
          ),
        ]),
    ],
    [
      "'Para hoje' (everyone, by assignee)",
      () =>
        Promise.all([
          get(due(act).limit(50)),
          get(due(act.where('assigned_to', '==', ADMIN)).limit(50)),
          count(due(act.where('assigned_to', '==', ADMIN))),
        ]),
    ],
    [
      'Lixeira (list and count)',
      () =>
        Promise.all([
          get(leads.where('deleted_at', '!=', null).orderBy('deleted_at', 'desc').limit(50)),
          count(leads.where('deleted_at', '!=', null)),
        ]),
    ],
    [
      'search (newest, count)',
      () =>
        Promise.all([
          get(newest(listed.where('search_keys', 'array-contains', 'joao')).limit(25)),
          count(newest(listed.where('search_keys', 'array-contains', 'joao'))),
        ]),
    ],
    [
      "a record's same phone (whatsapp in)",
      () => get(leads.where('whatsapp', 'in', ['(79) 91234-5678', '79912345678']).limit(50)),
    ],
    ["Equipe: an admin's leads (count)", () => count(leads.where('assigned_to', '==', ADMIN))],
  ];
}

interface Memory {
  rss: number;
  peak: number;
  heap: number;
  external: number;
}

function procKiB(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/** Resets the process's peak RSS (VmHWM), so the next read is the peak since now. */
function resetPeak(emu: EmulatorProcess): void {
  writeFileSync(`/proc/${emu.child.pid}/clear_refs`, '5');
}

async function memory(emu: EmulatorProcess): Promise<Memory> {
  const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats?gc=1`);
  const { memory: m } = (await res.json()) as {
    memory: { heapUsedMiB: number; externalMiB: number };
  };
  const pid = emu.child.pid as number;
  return {
    rss: procKiB(pid, 'VmRSS') / 1024,
    peak: procKiB(pid, 'VmHWM') / 1024,
    heap: m.heapUsedMiB,
    external: m.externalMiB,
  };
}

async function buildsDone(emu: EmulatorProcess): Promise<void> {
  for (;;) {
    const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats`);
    if (!((await res.json()) as { indexBuilds: number }).indexBuilds) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const line = (what: string, m: Memory, ms?: number, cpu?: number) =>
  console.log(
    `  ${what.padEnd(38)} RSS ${fmt(m.rss).padStart(5)} MiB, peak ${fmt(m.peak).padStart(5)}, ` +
      `heap ${fmt(m.heap).padStart(4)}, external ${fmt(m.external).padStart(4)}` +
      (ms === undefined ? '' : `; ${fmt(ms, 1)} ms, emulator CPU ${fmt(cpu ?? NaN)} ms`),
  );

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-panel-mem-'));
  try {
    const t0 = performance.now();
    if (snapshot) {
      for (const f of readdirSync(snapshot)) {
        if (/^(snapshot|journal)-/.test(f)) linkSync(path.join(snapshot, f), path.join(dir, f));
      }
    } else await writeDataDir(dir, leadDocuments(active, trashed));
    const bytes = readdirSync(dir).reduce((s, f) => s + statSync(path.join(dir, f)).size, 0);
    console.log(
      `Panel memory (${mode} CLI): ` +
        (snapshot ? snapshot : `${fmt(active)} active + ${fmt(trashed)} trashed leads`) +
        `, data ${fmt(bytes / 2 ** 20)} MiB ready in ${fmt((performance.now() - t0) / 1000, 1)} s`,
    );
    const args = ['--port', '0', '--project', project, '--data', dir, '--indexes', PROJECT_INDEXES];
    const emu = await startEmulatorProcess(args, ['--expose-gc'], mode);
    line(`ready in ${fmt(emu.readyMs / 1000, 2)} s (${load()})`, await memory(emu));
    resetPeak(emu);
    await buildsDone(emu);
    line(
      `builds done ${fmt((performance.now() - emu.readyAt) / 1000, 1)} s after ready`,
      await memory(emu),
    );
    const admin = adminClient(emu, project);
    await admin.db.doc('warm/up').get();
    for (const round of ['first open', 'again']) {
      if (round === 'again') {
        // The first round's queries left the builds of the fields they read around (undeclared
        // postings) to the background: let them finish, as the panel's idle time would.
        const t = performance.now();
        resetPeak(emu);
        await buildsDone(emu);
        line(
          `builds done ${fmt((performance.now() - t) / 1000, 1)} s after round 1`,
          await memory(emu),
        );
      }
      console.log(`${round} (${load()}):`);
      for (const [name, run] of shapes(admin.db)) {
        resetPeak(emu);
        const cpu0 = emu.cpuMs();
        const t = performance.now();
        await run();
        const ms = performance.now() - t;
        line(name, await memory(emu), ms, emu.cpuMs() - cpu0);
      }
    }
    await admin.close();
    await emu.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
