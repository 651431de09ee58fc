/** The emulator process: one port for gRPC, WebChannel, REST, the console and the built-in endpoints. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { importFixture, readFixtures } from '../console/fixtures.js';
import { createConsole } from '../console/index.js';
import { Engine } from '../engine/index.js';
import { AppCheck, type AppCheckOptions } from '../app-check/index.js';
import { parseDatabaseName } from '../model/paths.js';
import { handleGrpcStream } from '../transports/grpc/index.js';
import type { HttpTransport } from '../transports/http-handler.js';
import { createRestTransport } from '../transports/rest/index.js';
import { createWebChannelTransport } from '../transports/webchannel/index.js';
import { Triggers } from '../triggers/index.js';
import {
  builtinEndpoints,
  CORS_HEADERS,
  EndpointError,
  sendEndpointError,
} from './endpoints/index.js';
import { IndexRecorder } from './index-record.js';
import { Journal } from './journal.js';
import { listen, type Listener } from './listener.js';
import { DatabaseSources } from './database-sources.js';
import { importAtStart } from './managed-export/index.js';

export { formatRulesErrors } from '../rules/index.js';

export interface EmulatorOptions {
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Port; 0 picks a free one (default 8080). */
  port?: number;
  /** Serve only this project id (default: every project, each with its own data). */
  projectId?: string;
  /** A rules file, loaded at start and reloaded when it changes. */
  rulesFile?: string;
  /** Rules source (when no rulesFile). */
  rules?: string;
  /**
   * A firestore.indexes.json: queries its composite indexes (or the automatic single-field ones)
   * do not serve fail with FAILED_PRECONDITION, as in production. Reloaded when it changes.
   */
  indexesFile?: string;
  /** The text of a firestore.indexes.json (when no indexesFile). */
  indexes?: string;
  /** Directory for durable data (default: memory only). */
  dataDir?: string;
  /** Journal size that triggers a background compaction (default 64 MiB, or twice the last snapshot). */
  compactAfterBytes?: number;
  /** Load the fixtures of this directory at start (`DIR/{project}/{database}.json`, see console/fixtures.ts). */
  importDir?: string;
  /**
   * `host:port` of a Functions emulator: Firestore triggers registered with this emulator get
   * their events there (as the official emulator's `--functions_emulator`).
   */
  functionsEmulator?: string;
  /** Delivery timing for tests (see src/triggers/delivery.ts); defaults as production-like. */
  triggerDelivery?: { timeoutMs?: number; downRetryMs?: number; unknownRetryMs?: number };
  /** Where log lines go (default: console.error). */
  log?: (line: string) => void;
  /**
   * App Check: `{enforce: true}` refuses client requests without a valid token, as production with
   * enforcement on (README "App Check"); tokens are minted and verified either way.
   */
  appCheck?: AppCheckOptions;

  // ---- Databases as deployed, TTL, managed exports -------------------------------------------
  /**
   * A firebase.json: its `firestore` section (an object, or an array with one entry per
   * database) gives each database its own rules and indexes files, watched like `rulesFile` and
   * `indexesFile`. Those two, when given, still apply to the default database, and a database the
   * config does not name uses the default database's.
   */
  firebaseConfig?: string;
  /**
   * How often TTL policies (`fieldOverrides` with `"ttl": true` in a database's indexes file) are
   * applied: expired documents are deleted like any delete (default 15 s).
   */
  ttlSweepIntervalMs?: number;
}

export interface RunningEmulator {
  host: string;
  port: number;
  /** Stops serving, closes connections and flushes durable data. */
  stop(): Promise<void>;
}

/** Loads `--import DIR` (replacing each named database's documents); a bad file fails the start. */
async function importDir(
  engine: Engine,
  dir: string,
  log: (line: string) => void,
  projectId?: string,
): Promise<void> {
  let fixtures;
  try {
    // A managed export (gcloud / firebase emulators:export) rather than fixtures.
    if (await importAtStart(engine, dir, projectId, log)) return;
    fixtures = await readFixtures(dir);
  } catch (e) {
    engine.close();
    throw new Error(`Could not import ${dir}: ${(e as Error).message}`, { cause: e });
  }
  for (const f of fixtures) {
    const n = await importFixture(engine, engine.database(parseDatabaseName(f.database)), f);
    log(`Imported ${n} documents into ${f.database} from ${dir}`);
  }
}

/** HTTP/1.1 requests, in order: built-in endpoints, console, transports, preflights, 404. */
function http1Handler(
  handlers: ((req: IncomingMessage, res: ServerResponse) => boolean)[],
  log: (line: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    try {
      for (const handle of handlers) if (handle(req, res)) return;
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS_HEADERS);
        res.end();
        return;
      }
      res.writeHead(404, { ...CORS_HEADERS, 'content-type': 'text/plain' });
      res.end('Not Found');
    } catch (e) {
      log(`HTTP handler error: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent)
        sendEndpointError(res, new EndpointError(500, 'INTERNAL', 'Internal error.'));
      else res.destroy();
    }
  };
}

/** The engine with its rules, indexes and (with `dataDir`) recovered durable data and fixtures. */
async function startEngine(options: EmulatorOptions, log: (line: string) => void) {
  const appCheck = new AppCheck(options.appCheck, options.dataDir);
  const sources = new DatabaseSources(options, log);
  const journal = options.dataDir
    ? new Journal(options.dataDir, log, options.compactAfterBytes)
    : undefined;
  const engine = new Engine({
    projectId: options.projectId,
    rulesFor: sources.rulesFor,
    sink: journal,
    indexes: sources.indexesFor,
    ttl: sources.ttlFor,
    log,
    appCheck: appCheck.enforced ? appCheck : undefined,
  });
  if (journal) {
    await journal.recover(engine);
    engine.markHistoryFloor();
  }
  if (options.importDir) await importDir(engine, options.importDir, log, options.projectId);
  const recorder = options.dataDir ? new IndexRecorder(options.dataDir, engine, log) : undefined;
  engine.startIndexing(recorder?.recorded);
  engine.ttl?.start(options.ttlSweepIntervalMs ?? 15_000);
  const triggers = new Triggers({
    ...options.triggerDelivery,
    functionsEmulator: options.functionsEmulator,
    log,
    requestLog: engine.access.log,
  });
  engine.onCommitted = triggers.onCommit;
  /** Stops watching files and closes the engine; `journal` flushes durable data after that. */
  const close = () => {
    recorder?.close();
    sources.close();
    triggers.close();
    engine.close();
  };
  return { engine, sources, journal, triggers, close, appCheck };
}

/** Starts an emulator; resolves once it accepts connections. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.error(line));
  const { engine, sources, journal, triggers, close, appCheck } = await startEngine(options, log);

  const webChannel = createWebChannelTransport(engine);
  const transports: HttpTransport[] = [webChannel, createRestTransport(engine)];
  const started: { listener?: Listener } = {};
  const endpoints = builtinEndpoints({
    engine,
    rules: sources,
    triggers,
    appCheck,
    live: {
      connections: () => started.listener?.connections() ?? 0,
      grpcStreams: () => started.listener?.grpcStreams() ?? 0,
      webChannel: () => webChannel.stats(),
    },
  });
  const consoleHandler = createConsole(engine, options.projectId, sources);
  const http1 = http1Handler(
    [
      endpoints,
      (req, res) => consoleHandler.handle(req, res),
      ...transports.map((t) => t.handle.bind(t)),
    ],
    log,
  );
  const grpcError = (e: unknown) => log(`gRPC handler error: ${(e as Error).stack ?? String(e)}`);
  const grpc = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    try {
      handleGrpcStream(engine, stream, headers, grpcError);
    } catch (e) {
      grpcError(e);
      stream.destroy();
    }
  };
  const listener = await listen(host, options.port ?? 8080, { http1, grpc }, log).catch(
    async (e: unknown) => {
      close();
      await journal?.close();
      throw e;
    },
  );
  started.listener = listener;

  let stopping: Promise<void> | undefined;
  return {
    host,
    port: listener.port,
    stop() {
      stopping ??= (async () => {
        for (const t of transports) t.close();
        close();
        await listener.close();
        await journal?.close();
      })();
      return stopping;
    },
  };
}
