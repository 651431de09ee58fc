/**
 * The emulator at volume (numbers only, never pass/fail): for each size, a `--data` directory of
 * that many leads shaped as the app stores them (20 % in the trash), loaded by the CLI as
 * `npm start` runs it (with the project's firestore.indexes.json), then through firebase-admin:
 * the time to ready, RSS, the panel's first queries (a second after ready: with indexes built in
 * the background, any build still running when they come is included) and their p50/p95
 * over many runs (a page of the active list newest first, the four counters, a search by
 * `search_keys` array-contains with its count), a write reaching 100 live page listeners, and
 * recovery after kill -9.
 * Run: node --import tsx emulator/bench/scale.ts [--sizes 5000,20000,100000,1000000] [--runs 40]
 */
import { mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { searchKeyOf } from '@vagas/common';
import type { Firestore, Query, QuerySnapshot } from 'firebase-admin/firestore';
import { writeDataDir } from '../src/server/journal.js';
import { adminClient } from '../test/support/emulator.js';
import { report } from '../../bench/lib/report.js';
import { cliMode, startEmulatorProcess, type EmulatorProcess } from './_emulator-process.js';
import { volumeLead, volumeLeadDocuments, type VolumeLead } from './_lead-volume.js';
import { argOf, PROJECT_INDEXES } from './_bench-args.js';

const PROJECT = 'demo-bench';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const sizes = (argOf('sizes') ?? '1000000').split(',').map(Number);
const runs = Number(argOf('runs') ?? 40);
const listenerCount = Number(argOf('listeners') ?? 100);
const writes = Number(argOf('writes') ?? 30);
const trashedShare = 0.2;
const NOW = Date.parse('2026-11-26T12:00:00Z');

const fmt = (n: number, digits = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : String(n);
function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const spread = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))} / p95 ${fmt(percentile(values, 95))} / max ${fmt(Math.max(...values))} ms`;
const label = (n: number) => n.toLocaleString('en-US');
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await f();
  return [out, performance.now() - t];
}

/** Writes the data directory; returns the leads the queries search for and the data's size. */
async function seed(dir: string, n: number): Promise<{ sample: VolumeLead[]; bytes: number }> {
  const sample: VolumeLead[] = [];
  const opts = { now: NOW, days: 365, trashedShare };
  const sampled = (lead: VolumeLead, i: number) => {
    if (i % Math.max(1, Math.floor(n / 200)) === 0 && !lead.trashed) sample.push(lead);
  };
  await writeDataDir(dir, volumeLeadDocuments(DATABASE, n, opts, sampled));
  const bytes = readdirSync(dir).reduce((s, f) => s + statSync(path.join(dir, f)).size, 0);
  return { sample, bytes };
}

/** The panel's queries, as web/src/data/lead-list-reads.ts and domain/lead-query.ts build them. */
function panel(db: Firestore) {
  const leads = db.collection('leads');
  const active = leads.where('deleted_at', '==', null);
  const newest = (q: Query) => q.orderBy('created_at', 'desc');
  return {
    page: () => newest(active).limit(25),
    counters: () =>
      [
        active,
        ...['principal', 'separado', 'descartado'].map((s) => active.where('status', '==', s)),
      ].map((q) => newest(q).count()),
    search: (key: string) => newest(active.where('search_keys', 'array-contains', key)),
    duplicates: (phones: string[]) => active.where('phone_key', 'in', phones),
  };
}

/** What a recruiter types: a first name, a full name, 4 and 8 of the phone's digits. */
function searchTerms(sample: VolumeLead[]): string[] {
  const terms: string[] = [];
  sample.forEach((lead, i) => {
    const nome = lead.fields.nome.stringValue as string;
    const typed = [lead.firstName, nome, lead.phoneDigits.slice(4), lead.phoneDigits][i % 4];
    const key = searchKeyOf(typed);
    if (key) terms.push(key);
  });
  return terms;
}

interface Volume {
  n: number;
  loadMs: number;
  rssLoaded: number;
  rssQueried: number;
  first: Record<string, number>;
  /** The emulator's CPU ms per query, by kind. */
  cpu: Record<string, number>;
  page: number[];
  counters: number[];
  search: number[];
  searchCount: number[];
  write: number[];
  writeCpu: number;
  recoveryMs: number;
  rssRecovered: number;
  bytes: number;
  /** From ready until the indexes built in the background were done. */
  buildsDoneMs: number;
  /** The emulator's memory after the queries, as it reports it. */
  heap?: { heapUsedMiB: number; externalMiB: number };
}

async function queries(emu: EmulatorProcess, v: Volume, terms: string[]): Promise<void> {
  const admin = adminClient(emu, PROJECT);
  const p = panel(admin.db);
  // The client's connection first, so that the first runs below time the queries alone.
  await admin.db.doc('warm/up').get();
  // The panel's open as a fresh emulator sees it: each query's first run builds what it needs.
  const [page, pageMs] = await timed(() => p.page().get());
  v.first['page'] = pageMs;
  v.first['counters'] = (await timed(() => Promise.all(p.counters().map((c) => c.get()))))[1];
  const phones = page.docs.map((d) => d.get('phone_key') as string);
  v.first['duplicates'] = (await timed(() => p.duplicates(phones).get()))[1];
  v.first['search'] = (await timed(() => p.search(terms[0]).limit(25).get()))[1];
  v.first['search count'] = (await timed(() => p.search(terms[0]).count().get()))[1];
  // The runs below time the panel once the indexes built in the background are done.
  v.buildsDoneMs = await buildsDone(emu);
  // Each kind in its own block, so the emulator's CPU time per query can be told apart.
  const block = async (
    into: number[],
    kind: string,
    run: (r: number) => (() => Promise<unknown>)[],
  ) => {
    const cpu0 = emu.cpuMs();
    let n = 0;
    for (let r = 0; r < runs; r++) {
      for (const call of run(r)) {
        into.push((await timed(call))[1]);
        n++;
      }
    }
    v.cpu[kind] = (emu.cpuMs() - cpu0) / n;
  };
  const term = (r: number) => terms[(r + 1) % terms.length];
  await block(v.page, 'page', () => [() => p.page().get()]);
  await block(v.counters, 'counter', () => p.counters().map((c) => () => c.get()));
  await block(v.search, 'search', (r) => [() => p.search(term(r)).limit(25).get()]);
  await block(v.searchCount, 'search count', (r) => [() => p.search(term(r)).count().get()]);
  v.heap = await memoryOf(emu);
  await admin.close();
}

/** Waits until the emulator has no index builds left; the time since it was ready, in ms. */
async function buildsDone(emu: EmulatorProcess): Promise<number> {
  for (;;) {
    const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats`);
    const { indexBuilds } = (await res.json()) as { indexBuilds: number };
    if (!indexBuilds) return performance.now() - emu.readyAt;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The emulator's JS heap in use and the memory outside it (the arena, typed arrays), in MiB. */
async function memoryOf(
  emu: EmulatorProcess,
): Promise<{ heapUsedMiB: number; externalMiB: number }> {
  const res = await fetch(`http://${emu.host}:${emu.port}/emulator/v1/stats`);
  return ((await res.json()) as { memory: { heapUsedMiB: number; externalMiB: number } }).memory;
}

/** Writes new leads while `listenerCount` page listeners are open; each delivery's latency. */
async function listeners(emu: EmulatorProcess, v: Volume, n: number): Promise<void> {
  const admin = adminClient(emu, PROJECT);
  const p = panel(admin.db);
  const sentAt = new Map<string, number>();
  const seen: Set<string>[] = [];
  let ready = 0;
  const unsubs = Array.from({ length: listenerCount }, () => {
    const got = new Set<string>();
    seen.push(got);
    let first = true;
    return p.page().onSnapshot((s: QuerySnapshot) => {
      const now = performance.now();
      if (first) {
        first = false;
        ready++;
      }
      for (const c of s.docChanges()) {
        const t = sentAt.get(c.doc.id);
        if (c.type === 'added' && t !== undefined && !got.has(c.doc.id)) {
          got.add(c.doc.id);
          v.write.push(now - t);
        }
      }
    });
  });
  while (ready < listenerCount) await new Promise((r) => setTimeout(r, 20));
  const cpu0 = emu.cpuMs();
  for (let w = 0; w < writes; w++) {
    const lead = volumeLead(n + w, n, { now: NOW + 86_400_000, days: 1, trashedShare: 0 });
    const id = `bench-${w}-${lead.id}`;
    sentAt.set(id, performance.now());
    await admin.db.doc(`leads/${id}`).set(toAdmin(lead));
    const until = performance.now() + 10_000;
    while (seen.some((g) => !g.has(id)) && performance.now() < until) {
      await new Promise((r) => setImmediate(r));
    }
  }
  v.writeCpu = (emu.cpuMs() - cpu0) / writes;
  for (const u of unsubs) u();
  await admin.close();
}

/** A lead's fields as firebase-admin writes them (timestamps as Dates, the rest as plain values). */
function toAdmin(lead: VolumeLead): Record<string, unknown> {
  const plain = (v: Record<string, unknown>): unknown => {
    if ('stringValue' in v) return v.stringValue;
    if ('booleanValue' in v) return v.booleanValue;
    if ('integerValue' in v) return Number(v.integerValue);
    if ('nullValue' in v) return null;
    if ('timestampValue' in v) return new Date(v.timestampValue as string);
    if ('arrayValue' in v)
      return ((v.arrayValue as { values: Record<string, unknown>[] }).values ?? []).map(plain);
    const fields = (v.mapValue as { fields: Record<string, Record<string, unknown>> }).fields;
    return Object.fromEntries(Object.entries(fields).map(([k, x]) => [k, plain(x)]));
  };
  return Object.fromEntries(Object.entries(lead.fields).map(([k, x]) => [k, plain(x)]));
}

async function atVolume(n: number): Promise<Volume | undefined> {
  const v: Volume = {
    n,
    loadMs: NaN,
    rssLoaded: NaN,
    rssQueried: NaN,
    first: {},
    cpu: {},
    page: [],
    counters: [],
    search: [],
    searchCount: [],
    write: [],
    writeCpu: NaN,
    recoveryMs: NaN,
    rssRecovered: NaN,
    bytes: NaN,
    buildsDoneMs: NaN,
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-scale-'));
  const args = ['--port', '0', '--project', PROJECT, '--data', dir, '--indexes', PROJECT_INDEXES];
  try {
    const [{ sample, bytes }, seedMs] = await timed(() => seed(dir, n));
    v.bytes = bytes;
    console.log(
      `\n${label(n)} leads: data directory written in ${fmt(seedMs / 1000)} s (${fmt(bytes / 2 ** 20, 0)} MiB)`,
    );
    let emu: EmulatorProcess;
    try {
      emu = await startEmulatorProcess(args);
    } catch (e) {
      console.log(`  the emulator did not start: ${String((e as Error).message).slice(0, 600)}`);
      return v;
    }
    v.loadMs = emu.readyMs;
    await new Promise((r) => setTimeout(r, 1000));
    v.rssLoaded = emu.rssMiB();
    console.log(
      `  ready in ${fmt(v.loadMs / 1000, 2)} s, RSS ${fmt(v.rssLoaded, 0)} MiB (${load()})`,
    );
    await queries(emu, v, searchTerms(sample));
    v.rssQueried = emu.rssMiB();
    console.log(
      `  first runs: ${Object.entries(v.first)
        .map(([k, t]) => `${k} ${fmt(t)} ms`)
        .join(', ')}; RSS after the queries ${fmt(v.rssQueried, 0)} MiB (JS heap in use ` +
        `${fmt(v.heap?.heapUsedMiB ?? NaN, 0)} MiB, outside it ${fmt(v.heap?.externalMiB ?? NaN, 0)} MiB)`,
    );
    console.log(
      `  indexes built in the background: done ${fmt(v.buildsDoneMs / 1000, 2)} s after ready`,
    );
    const cpu = (kind: string) => `; emulator CPU ${fmt(v.cpu[kind], 2)} ms per query`;
    console.log(`  page (25, newest first):   ${spread(v.page)}${cpu('page')}`);
    console.log(`  a counter (count()):       ${spread(v.counters)}${cpu('counter')}`);
    console.log(`  search (array-contains):   ${spread(v.search)}${cpu('search')}`);
    console.log(`  search's count:            ${spread(v.searchCount)}${cpu('search count')}`);
    await listeners(emu, v, n);
    console.log(
      `  new lead -> ${listenerCount} page listeners: ${spread(v.write)} (${v.write.length} deliveries, ` +
        `emulator CPU ${fmt(v.writeCpu, 2)} ms per write; ${load()})`,
    );
    await emu.stop('SIGKILL');
    const again = await startEmulatorProcess(args);
    v.recoveryMs = again.readyMs;
    await new Promise((r) => setTimeout(r, 1000));
    v.rssRecovered = again.rssMiB();
    console.log(
      `  recovery after kill -9: ready in ${fmt(v.recoveryMs / 1000, 2)} s, RSS ${fmt(v.rssRecovered, 0)} MiB`,
    );
    await again.stop();
    return v;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function reportVolume(v: Volume): void {
  const at = `at ${label(v.n)} leads`;
  const row = (measure: string, value: number, unit: string, goal?: number, note?: string) =>
    report({
      section: 'emulator',
      measure: `${measure} ${at}`,
      value,
      unit,
      goal: goal === undefined ? undefined : { op: unit === 'MiB' ? '<=' : '<', value: goal },
      note,
    });
  row('load from --data (spawn -> ready)', v.loadMs, 'ms');
  row('indexes built in the background (ready -> done)', v.buildsDoneMs, 'ms');
  row('RSS after the panel queries', v.rssQueried, 'MiB', 1430, '1.5 GB');
  row('panel page p95', percentile(v.page, 95), 'ms', 50);
  row('panel counter p95', percentile(v.counters, 95), 'ms', 50);
  row('panel search p95', percentile(v.search, 95), 'ms', 50);
  // The goal is the panel's at 20,000 leads; larger sizes print the time only.
  row(
    'first search (index build included)',
    v.first['search'] ?? NaN,
    'ms',
    v.n <= 20_000 ? 300 : undefined,
  );
  row(`write -> ${listenerCount} page listeners p95`, percentile(v.write, 95), 'ms', 50);
  row('recovery after kill -9', v.recoveryMs, 'ms', 10_000);
}

console.log(
  `Emulator at volume (${cliMode} CLI): sizes ${sizes.map(label).join(', ')}; ${runs} runs of each query`,
);
for (const n of sizes) {
  const v = await atVolume(n);
  if (v) reportVolume(v);
}
process.exit(0);
