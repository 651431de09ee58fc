// `npm start` (scripts/start.mjs) as a QA engineer meets it, on free ports and a .local/ of its own
// (VAGAS_LOCAL_DIR): it starts without stray warnings; a second start says where Vagas already
// runs, and a held port is named with its process; `npm run seed -- --leads` fills the running
// suite with background functions off; its functions' runtimes are started before it says ready,
// with nothing left behind by that warm-up; and killed with SIGKILL it leaves, within 5 s, no process
// and no port behind (its reaper stops the Firestore emulator, firebase-tools with the Functions
// emulator's runtimes, and Vite).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leadKeys } from '@vagas/common';
import { portHeldMessage, type LauncherState } from '../lib/launcher-state.mjs';
import { listeningPorts, parentPid, portOwner, processInfo } from '../lib/port-owner.mjs';
import { isFirestoreTrigger } from '../lib/trigger-sync.mjs';
import { isCallable, type BackendFunction } from '../lib/warm-up.mjs';

const rootDir = path.resolve(import.meta.dirname, '../..');
const localDir = mkdtempSync(path.join(os.tmpdir(), 'vagas-launcher-test-'));
/** The launcher's environment: the runner's, minus what would hide the launcher's own settings. */
const env: NodeJS.ProcessEnv = { ...process.env, VAGAS_LOCAL_DIR: localDir };
delete env.METADATA_SERVER_DETECTION;
for (const name of [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_EMULATOR_HUB',
]) {
  delete env[name];
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node ARGS` from the checkout, its output kept. */
function node(args: string[]): Run {
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls until `done()` holds; fails with `what` and `detail()` after `ms`. */
async function until(
  done: () => boolean | Promise<boolean>,
  what: string,
  ms: number,
  detail = () => '',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} (after ${ms} ms)\n${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A live process (a zombie, dead and waiting to be collected, is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Every process under `pid`: its children, theirs, and so on. */
function descendants(pid: number): number[] {
  const parents = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => [Number(name), parentPid(Number(name))] as const);
  const found: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    const parent = queue.shift();
    for (const [child, ppid] of parents) {
      if (ppid !== parent || found.includes(child)) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

let launcher: Run;
let state: LauncherState;
let adminApp: App;
let db: Firestore;

beforeAll(async () => {
  launcher = node(['--import', 'tsx', 'scripts/start.mjs', '--free-ports']);
  await until(
    () => launcher.output().includes('Press Ctrl-C to stop.') || launcher.child.exitCode !== null,
    'the launcher did not start',
    240_000,
    launcher.output,
  );
  expect(launcher.output()).toContain('Press Ctrl-C to stop.');
  state = JSON.parse(readFileSync(path.join(localDir, 'suite.json'), 'utf8'));
  adminApp = initializeApp({ projectId: state.projectId }, 'launcher-test');
  db = getFirestore(adminApp);
  db.settings({ host: state.firestore, ssl: false });
});

afterAll(async () => {
  if (adminApp) await deleteApp(adminApp);
  if (launcher?.child.exitCode === null && launcher.child.signalCode === null) {
    launcher.child.kill('SIGTERM');
    await launcher.exited;
  }
  rmSync(localDir, { recursive: true, force: true });
});

describe('npm start', () => {
  test('prints its addresses and no warning', () => {
    const output = launcher.output();
    expect(output).toContain(`Root application page   ${state.webUrl}/`);
    expect(output).toContain(`Emulator Hub            ${state.hub}`);
    expect(output).not.toMatch(/warn|MetadataLookup|deprecat|⚠/i);
  });

  test('a second start says Vagas already runs, and where', async () => {
    const second = node(['--import', 'tsx', 'scripts/start.mjs', '--free-ports']);
    expect(await second.exited).toBe(1);
    const said = second.output();
    expect(said).toContain(`Vagas is already running (npm start, pid ${state.pid}`);
    expect(said).toContain(`from ${rootDir}`);
    expect(said).toContain(`${state.webUrl}/`);
    expect(said).toContain(`kill ${state.pid}`);
  });

  test('a held port is named with the process holding it, and its Vagas launcher', async () => {
    const firestorePort = Number(state.firestore.split(':')[1]);
    const held = portHeldMessage('Firestore emulator', firestorePort);
    expect(held).toMatch(
      new RegExp(
        `^Port ${firestorePort} \\(Firestore emulator\\) is already in use by process \\d+: .*emulator/src/cli\\.ts`,
      ),
    );
    expect(held).toContain(`pid ${state.pid}`);

    const other = node([
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>console.log(s.address().port))",
    ]);
    try {
      await until(() => /\d+\n/.test(other.output()), 'the other server did not listen', 30_000);
      const port = Number(other.output().trim());
      const message = portHeldMessage('web app (Vite)', port);
      expect(message).toContain(
        `already in use by process ${other.child.pid}: ${process.execPath} -e`,
      );
      expect(message).toContain(`Stop it (kill ${other.child.pid})`);
      expect(portOwner(port)?.pid).toBe(other.child.pid);
    } finally {
      other.child.kill();
    }
  });
});

describe("the suite's Emulator Hub", () => {
  test("lists every emulator, ours included, and passes the rest to firebase-tools' hub", async () => {
    const hostPort = (a: { host: string; port: number }) => `${a.host}:${a.port}`;
    const emulators = (await (await fetch(`http://${state.hub}/emulators`)).json()) as Record<
      string,
      { host: string; port: number }
    >;
    expect(hostPort(emulators.firestore)).toBe(state.firestore);
    expect(hostPort(emulators.hub)).toBe(state.hub);
    expect(hostPort(emulators.auth)).toBe(state.auth);
    expect(hostPort(emulators.functions)).toBe(state.functions);
    // firebase-tools' own answer (its locator), through this hub.
    const locator = (await (await fetch(`http://${state.hub}/`)).json()) as { version: string };
    expect(locator.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

/** What our Firestore emulator's console lists of the requests it decided (its last 1,000). */
async function requestLog(): Promise<{ method: string; path: string; delivery?: unknown }[]> {
  const res = await fetch(`http://${state.firestore}/console/api/requests`);
  return ((await res.json()) as { requests: { method: string; path: string }[] }).requests;
}

describe("npm start's warm-up", () => {
  test("has started each function's runtime before ready, and left no data a user would see", async () => {
    // Every function listed by the Functions emulator has its runtime process already.
    // Every Firestore trigger and callable (the daily schedule runs only when called for).
    const backends = (await (await fetch(`http://${state.functions}/backends`)).json()) as {
      backends: { functionTriggers: BackendFunction[] }[];
    };
    const served = backends.backends
      .flatMap((b) => b.functionTriggers)
      .filter((f) => isCallable(f) || isFirestoreTrigger(f));
    expect(served.length).toBeGreaterThan(3);
    const runtimes = descendants(state.pid).filter((p) =>
      processInfo(p)?.command.includes('functionsEmulatorRuntime'),
    );
    expect(runtimes.length).toBeGreaterThanOrEqual(served.length);

    // No lead, note or timeline entry; no document at the warm-up's scratch id anywhere.
    expect((await db.collection('leads').get()).size).toBe(0);
    expect((await db.collectionGroup('timeline').get()).size).toBe(0);
    expect((await db.collectionGroup('notes').get()).size).toBe(0);
    const paths: string[] = [];
    const walk = async (collections: FirebaseFirestore.CollectionReference[]) => {
      for (const collection of collections) {
        for (const ref of await collection.listDocuments()) {
          paths.push(ref.path);
          await walk(await ref.listCollections());
        }
      }
    };
    await walk(await db.listCollections());
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.includes('warm-up'))).toEqual([]);
    // Every write the emulator took was the launcher's seed (the vacancies and their public
    // lists, the settings, the demo admin): none by a function, none at a scratch path.
    const seeded = ['vacancies', 'vacancy_lists', 'settings', 'admins', 'admin_audit'];
    const writes = (await requestLog()).filter((r) =>
      ['create', 'update', 'delete'].includes(r.method),
    );
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((r) => !seeded.includes(r.path.split('/')[0]!))).toEqual([]);
    expect((await requestLog()).filter((r) => r.path.includes('warm-up'))).toEqual([]);
    // Each vacancy list written by the suite's start and again by npm start's seed, no more.
    const listWrites = writes.filter((r) => r.path.startsWith('vacancy_lists/'));
    const lists = await db.collection('vacancy_lists').get();
    expect(listWrites.length).toBe(2 * lists.size);
    // No account but the demo admin.
    const accounts = await fetch(
      `http://${state.auth}/identitytoolkit.googleapis.com/v1/projects/${state.projectId}/accounts:batchGet?maxResults=100`,
      { headers: { authorization: 'Bearer owner' } },
    );
    const { users = [] } = (await accounts.json()) as { users?: { email?: string }[] };
    expect(users.map((u) => u.email)).toEqual(['admin@vagas.test']);
  });
});

describe('npm run seed -- --leads', () => {
  test('writes leads as the app stores them, with background functions off meanwhile', async () => {
    const seed = node(['--import', 'tsx', 'scripts/seed.mjs', '--leads', '600', '--days', '30']);
    expect(await seed.exited, seed.output()).toBe(0);
    expect(seed.output()).toMatch(/Wrote 600 leads \(\d+ in the trash, \d+ timeline entries\)/);

    const leads = (await db.collection('leads').get()).docs.map((d) => d.data());
    expect(leads).toHaveLength(600);
    const now = Date.now();
    for (const lead of leads) {
      const contacted = lead.last_contacted_at ?? null;
      expect(lead).toMatchObject(leadKeys(lead.nome, lead.whatsapp, contacted));
      const age = now - lead.created_at.toMillis();
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(31 * 86_400_000);
    }
    const spread = (field: (lead: Record<string, unknown>) => unknown) =>
      new Set(leads.map(field)).size;
    expect(spread((l) => l.status)).toBe(4);
    expect(spread((l) => String(l.vaga).startsWith('[Conecta]'))).toBe(2);
    expect(
      spread((l) => (l.source as { utm_source?: string } | undefined)?.utm_source),
    ).toBeGreaterThan(3);
    expect(leads.filter((l) => l.deleted_at !== null).length).toBeGreaterThan(0);
    expect(new Set(leads.map((l) => l.phone_key)).size).toBeLessThan(600);

    // Switched back on through the hub: firebase-tools reloaded the functions (a new generation
    // of trigger keys), and our emulator has them and fires again.
    const triggers = await (
      await fetch(`http://${state.firestore}/emulator/v1/projects/${state.projectId}/triggers`)
    ).json();
    expect(triggers.backgroundTriggersEnabled).toBe(true);
    expect(triggers.triggers.map((t: { key: string }) => t.key)).toContain(
      'us-central1-leadTimeline-1',
    );
    const sentinel = await db.collection('leads').add({
      nome: 'Sentinela Depois',
      whatsapp: '(79) 90000-0001',
      vaga: 'Aux Serraria',
      cidade: 'Joazeiro',
      status: 'novo',
      created_at: new Date(),
      deleted_at: null,
    });
    await until(
      async () => (await sentinel.get()).get('search_keys') !== undefined,
      'the trigger did not run after the seed',
      120_000,
    );
    // No delivery of the seed's leads was ever recorded: only the sentinel's. A delivery is
    // recorded once the function has answered, which can be after its write shows.
    let delivered: { path: string; delivery?: unknown }[] = [];
    await until(
      async () => {
        delivered = (await requestLog()).filter((r) => r.delivery);
        return delivered.length > 0;
      },
      "the sentinel's delivery was not recorded",
      120_000,
    );
    expect(new Set(delivered.map((r) => r.path))).toEqual(new Set([`leads/${sentinel.id}`]));
  });
});

describe('killed with SIGKILL', () => {
  test('within 5 s no process of the suite is left and no port of it is held', async () => {
    const pid = state.pid;
    // A callable's call starts a Functions runtime, a process of firebase-tools' own.
    await fetch(`http://${state.functions}/${state.projectId}/us-central1/isCurrentUserAdmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":null}',
    });
    const commandsUnder = () => descendants(pid).map((p) => processInfo(p)?.command ?? '');
    await until(
      () => commandsUnder().some((c) => c.includes('functionsEmulatorRuntime')),
      'no Functions runtime started',
      60_000,
    );
    const processes = descendants(pid);
    const commands = processes.map((p) => processInfo(p)?.command ?? '');
    // The Firestore emulator, firebase-tools, a Functions runtime, Vite, the reaper.
    for (const part of [
      'emulator/src/cli.ts',
      'firebase-tools',
      'functionsEmulatorRuntime',
      'vite/bin/vite.js',
      'reaper.mjs',
    ]) {
      expect(
        commands.some((c) => c.includes(part)),
        `${part} in ${commands.join('\n')}`,
      ).toBe(true);
    }
    const ports = [...new Set([pid, ...processes].flatMap((p) => listeningPorts(p)))];
    for (const address of [state.firestore, state.auth, state.functions, state.hub, state.webUrl]) {
      expect(ports).toContain(Number(address.split(':').pop()));
    }

    // The config it wrote for firebase-tools (not firebase.json, which the Firestore emulator reads):
    // a temporary file, removed too.
    const config = /--config (\S+\.suite-firebase\.\d+\.json)/.exec(commands.join('\n'))?.[1] ?? '';
    expect(existsSync(config)).toBe(true);

    launcher.child.kill('SIGKILL');
    const ours = new Set([pid, ...processes]);
    const left = () => [...ours].filter(alive);
    const held = () => ports.filter((port) => ours.has(portOwner(port)?.pid ?? -1));
    await until(
      () => left().length === 0 && held().length === 0 && !existsSync(config),
      'the suite outlived its launcher',
      5_000,
      () =>
        `config left: ${existsSync(config)}\nports: ${held().join(', ')}\nprocesses: ${left()
          .map((p) => processInfo(p)?.command)
          .join('\n')}`,
    );
  });
});
