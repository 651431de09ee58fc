/** The `firestore-emulator` command line. */
import type { EmulatorOptions, RunningEmulator } from './server/index.js';

const USAGE = `Usage: firestore-emulator [--host 127.0.0.1] [--port 8080] [--project ID] [--rules FILE]
       [--indexes FILE] [--data DIR] [--import DIR] [--functions_emulator HOST:PORT]
       [--app-check enforce|off] [--app-check-apps ID[,ID...]]
       [--config firebase.json]
       firestore-emulator export DIR [--from HOST:PORT]
       firestore-emulator export DIR --format firestore [--from HOST:PORT] [--database NAME]

  --host HOST      interface to listen on (default 127.0.0.1)
  --port PORT      port for gRPC, WebChannel and REST (default 8080; 0 picks a free port)
  --project ID     serve only this project id (default: every project, each with its own data)
  --rules FILE     security rules for client SDK traffic; reloaded when the file changes
  --indexes FILE   a firestore.indexes.json: queries that need a composite index it lacks fail
                   with FAILED_PRECONDITION, as in production (default: no index checks)
  --data DIR       keep data durably in DIR (default: memory only)
  --import DIR     at start, replace each database found in DIR with its fixture
                   (DIR/{project}/{database}.json, as written by \`export\`); or, when DIR
                   holds a managed export (gcloud / firebase emulators:export), load it into
                   the default database of --project (or of the project it names)
  --functions_emulator HOST:PORT
                   deliver the events of registered Firestore triggers to this Functions
                   emulator (as the official emulator's flag; see README "Triggers")
  --app-check enforce|off
                   enforce: client SDK requests without a valid App Check token are refused
                   as in production with enforcement on (default off; see README "App Check")
  --app-check-apps ID[,ID...]
                   the app ids App Check tokens may be for (default: any app)

  --config FILE    a firebase.json: its "firestore" section (an object, or an array with one
                   {"database", "rules", "indexes"} entry per database) gives each database its
                   own rules and indexes, reloaded on change; --rules/--indexes still set the
                   default database's

  export DIR       write the documents of every database of a running emulator as fixtures
                   into DIR; --from names the emulator (default 127.0.0.1:8080)
  export DIR --format firestore
                   write one database (--database projects/P/databases/D, or the only one
                   with documents) as a managed export, the format of gcloud firestore export
                   and firebase emulators:export, which --import DIR reads back

  The console (data, requests, fixtures) is at http://HOST:PORT/console.`;

// ---- Databases as deployed, TTL, managed exports ------------------------------------------
/** The flags of this block: each sets its option from the flag's value. */
const DATA_FLAGS: { [flag: string]: (opts: EmulatorOptions, value: string) => void } = {
  '--config': (opts, value) => {
    opts.firebaseConfig = value;
  },
};

/**
 * `export DIR --format firestore [--from HOST:PORT] [--database projects/P/databases/D]`: the
 * database as a managed export in firebase-tools' layout (DIR/firebase-export-metadata.json and
 * DIR/firestore_export/...), which this emulator's `--import DIR`, `firebase emulators:start
 * --import DIR` and `gcloud firestore import` read.
 */
async function managedExportCommand(argv: string[]): Promise<void> {
  const opts: { dir?: string; from: string; database?: string } = { from: '127.0.0.1:8080' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') ? argv[i].split(/=(.*)/s) : [argv[i]];
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value`);
    if (flag === '--format') value();
    else if (flag === '--from') opts.from = value();
    else if (flag === '--database') opts.database = value();
    else if (flag.startsWith('--')) fail(`unknown argument ${JSON.stringify(argv[i])}`);
    else if (opts.dir === undefined) opts.dir = flag;
    else fail(`unexpected argument ${JSON.stringify(flag)}`);
  }
  if (!opts.dir) fail('export needs a directory: firestore-emulator export DIR --format firestore');
  const { exportManaged } = await import('./server/managed-export/client.js');
  try {
    const r = await exportManaged(`http://${opts.from}`, opts.dir, opts.database);
    process.stdout.write(
      `Exported ${r.documents} documents of ${r.database} to ${r.metadataFile}\n`,
    );
  } catch (e) {
    process.stderr.write(
      `firestore-emulator: export from ${opts.from} failed: ${(e as Error).message}\n`,
    );
    process.exit(1);
  }
}

function fail(message: string): never {
  process.stderr.write(`firestore-emulator: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

/** The App Check flags (`--app-check`, `--app-check-apps`) into `opts.appCheck`. */
function appCheckFlag(opts: EmulatorOptions, flag: string, value: string | undefined): void {
  if (value === undefined || value === '' || value.startsWith('--')) fail(`${flag} needs a value`);
  if (flag === '--app-check') {
    if (value !== 'enforce' && value !== 'off')
      fail(`--app-check must be "enforce" or "off", got ${JSON.stringify(value)}`);
    opts.appCheck = { ...opts.appCheck, enforce: value === 'enforce' };
    return;
  }
  const appIds = value.split(',').map((id) => id.trim());
  if (appIds.some((id) => !/^[\x21-\x7e]{1,256}$/.test(id)))
    fail(`--app-check-apps needs app ids separated by commas, got ${JSON.stringify(value)}`);
  opts.appCheck = { ...opts.appCheck, appIds };
}

function parseArgs(argv: string[]): EmulatorOptions {
  const opts: EmulatorOptions = { host: '127.0.0.1', port: 8080 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE + '\n');
      process.exit(0);
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (flag === '--app-check' || flag === '--app-check-apps') {
      appCheckFlag(opts, flag, eq > 0 ? arg.slice(eq + 1) : argv[++i]);
      continue;
    }
    const known = [
      '--host',
      '--port',
      '--project',
      '--rules',
      '--indexes',
      '--data',
      '--import',
      '--functions_emulator',
    ];
    if (!known.includes(flag) && !DATA_FLAGS[flag]) fail(`unknown argument ${JSON.stringify(arg)}`);
    let value: string | undefined = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
      fail(`${flag} needs a value`);
    }
    value = value as string;
    switch (flag) {
      case '--host':
        opts.host = value;
        break;
      case '--port': {
        const port = Number(value);
        if (!/^\d+$/.test(value) || port > 65535)
          fail(`--port must be a number from 0 to 65535, got ${JSON.stringify(value)}`);
        opts.port = port;
        break;
      }
      case '--project':
        if (!/^[a-z0-9-]+$/i.test(value))
          fail(`--project is not a valid project id: ${JSON.stringify(value)}`);
        opts.projectId = value;
        break;
      case '--rules':
        opts.rulesFile = value;
        break;
      case '--indexes':
        opts.indexesFile = value;
        break;
      case '--data':
        opts.dataDir = value;
        break;
      case '--import':
        opts.importDir = value;
        break;
      case '--functions_emulator':
        if (!/^(\[[^\]]+\]|[^:\s]+):\d+$/.test(value))
          fail(`--functions_emulator needs HOST:PORT, got ${JSON.stringify(value)}`);
        opts.functionsEmulator = value;
        break;
    }
    DATA_FLAGS[flag]?.(opts, value);
  }
  return opts;
}

/** `export DIR [--from HOST:PORT]`: fixtures of a running emulator, through its console API. */
async function exportCommand(argv: string[]): Promise<void> {
  if (
    argv.some(
      (a, i) => a === '--format=firestore' || (a === '--format' && argv[i + 1] === 'firestore'),
    )
  )
    return managedExportCommand(argv);
  let dir: string | undefined;
  let from = '127.0.0.1:8080';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--from' || arg.startsWith('--from=')) {
      const v = arg.includes('=') ? arg.slice('--from='.length) : argv[++i];
      if (!v || !/^[^:\s]+:\d+$/.test(v))
        fail(`--from needs HOST:PORT, got ${JSON.stringify(v ?? '')}`);
      from = v;
    } else if (arg.startsWith('--')) fail(`unknown argument ${JSON.stringify(arg)}`);
    else if (dir === undefined) dir = arg;
    else fail(`unexpected argument ${JSON.stringify(arg)}`);
  }
  if (!dir) fail('export needs a directory: firestore-emulator export DIR');
  const { exportFromEmulator } = await import('./console/export-client.js');
  try {
    const files = await exportFromEmulator(`http://${from}`, dir);
    for (const f of files) process.stdout.write(`Exported ${f.documents} documents to ${f.file}\n`);
  } catch (e) {
    process.stderr.write(
      `firestore-emulator: export from ${from} failed: ${(e as Error).message}\n`,
    );
    process.exit(1);
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'export') return exportCommand(process.argv.slice(3));
  const opts = parseArgs(process.argv.slice(2));
  let emulator: RunningEmulator | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    if (!emulator) process.exit(0); // still starting: nothing to flush yet
    emulator.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(
          `firestore-emulator: error while stopping on ${signal}: ${String(e)}\n`,
        );
        process.exit(1);
      },
    );
  };
  // A bug in one request must not take the emulator down: log it and keep serving.
  process.on('uncaughtException', (e) => {
    process.stderr.write(`firestore-emulator: internal error: ${e.stack ?? String(e)}\n`);
  });
  process.on('unhandledRejection', (e) => {
    process.stderr.write(`firestore-emulator: internal error: ${String(e)}\n`);
  });
  // Registered before the ready line, so a signal right after it is always handled.
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Loaded after the flags are checked, so argument errors answer fast.
  const { startEmulator } = await import('./server/index.js');
  try {
    emulator = await startEmulator(opts);
  } catch (e) {
    process.stderr.write(`firestore-emulator: ${(e as Error).message}\n`);
    process.exit(1);
  }
  if (stopping) {
    await emulator.stop();
    process.exit(0);
  }
  process.stdout.write(`Firestore emulator listening on ${emulator.host}:${emulator.port}\n`);
}

void main();
