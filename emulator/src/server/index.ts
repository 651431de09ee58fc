/** The emulator's one port: HTTP/2 (gRPC) and HTTP/1.1 (built-in endpoints, WebChannel, REST) by sniffing. */
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import { createConsole } from '../console/index.js';
import { importFixture, readFixtures } from '../console/fixtures.js';
import { Engine } from '../engine/index.js';
import { handleGrpcStream } from '../transports/grpc/index.js';
import { readBody } from '../transports/http/cors.js';
import type { HttpTransport } from '../transports/http-handler.js';
import { parseIndexes } from '../query/index-config.js';
import { decodePercent, parseDatabaseName } from '../model/paths.js';
import type { IndexDef } from '../query/index-plan.js';
import { Journal } from './journal.js';
import { createRestTransport } from '../transports/rest/index.js';
import { loadRules } from '../rules/index.js';
import type { Ruleset, RulesSyntaxError } from '../rules/contract.js';
import { createWebChannelTransport } from '../transports/webchannel/index.js';

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
  /** Where log lines go (default: console.error). */
  log?: (line: string) => void;
}

export interface RunningEmulator {
  host: string;
  port: number;
  /** Stops serving, closes connections and flushes durable data. */
  stop(): Promise<void>;
}

/** Formats rules errors as `file:line:col message`, one per line. */
export function formatRulesErrors(errors: RulesSyntaxError[]): string {
  return errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`).join('\n');
}

function loadOrThrow(source: string, file: string): Ruleset {
  const r = loadRules(source, file);
  if (!r.ok) throw new Error(`Invalid rules:\n${formatRulesErrors(r.errors)}`);
  return r.ruleset;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '3600',
};

/** The built-in endpoints' bodies (rules files) are small: 16 MiB at most. */
const builtinBodyLimit = 16 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function jsonError(res: ServerResponse, status: number, statusName: string, message: string): void {
  sendJson(res, status, { error: { code: status, message, status: statusName } });
}

/** The `--indexes` file (watched) or text: a getter for the current indexes, null when not enforced. */
function loadIndexes(
  options: EmulatorOptions,
  log: (line: string) => void,
): { current: () => IndexDef[] | null; unwatch: () => void } {
  if (!options.indexesFile) {
    const fixed = options.indexes === undefined ? null : parseIndexes(options.indexes);
    return { current: () => fixed, unwatch: () => {} };
  }
  const file = path.resolve(options.indexesFile);
  let current = parseIndexes(readFileSync(file, 'utf8'), path.basename(file));
  watchFile(file, { interval: 250, persistent: false }, (cur, prev) => {
    if (cur.mtimeMs === prev.mtimeMs && cur.size === prev.size) return;
    try {
      current = parseIndexes(readFileSync(file, 'utf8'), path.basename(file));
      log(`Reloaded indexes from ${file}`);
    } catch (e) {
      log(`Indexes in ${file} did not load; keeping the previous ones: ${(e as Error).message}`);
    }
  });
  return { current: () => current, unwatch: () => unwatchFile(file) };
}

/** Loads `--import DIR` (replacing each named database's documents); a bad file fails the start. */
async function importDir(engine: Engine, dir: string, log: (line: string) => void): Promise<void> {
  let fixtures;
  try {
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

/** Starts an emulator; resolves once it accepts connections. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.error(line));

  let defaultRules: Ruleset | null = null;
  const projectRules = new Map<string, Ruleset>();
  let rulesWatch: (() => void) | undefined;
  if (options.rulesFile) {
    const file = path.resolve(options.rulesFile);
    defaultRules = loadOrThrow(readFileSync(file, 'utf8'), path.basename(file));
    const onChange = () => {
      let src: string;
      try {
        src = readFileSync(file, 'utf8');
      } catch (e) {
        log(`Could not read rules file ${file}: ${(e as Error).message}`);
        return;
      }
      const r = loadRules(src, path.basename(file));
      if (r.ok) {
        defaultRules = r.ruleset;
        projectRules.clear();
        log(`Reloaded rules from ${file}`);
      } else {
        log(
          `Rules in ${file} did not load; keeping the previous rules:\n${formatRulesErrors(r.errors)}`,
        );
      }
    };
    watchFile(file, { interval: 250, persistent: false }, (cur, prev) => {
      if (cur.mtimeMs !== prev.mtimeMs || cur.size !== prev.size) onChange();
    });
    rulesWatch = () => unwatchFile(file);
  } else if (options.rules !== undefined) {
    defaultRules = loadOrThrow(options.rules, 'firestore.rules');
  }

  const indexes = loadIndexes(options, log);

  const journal = options.dataDir
    ? new Journal(options.dataDir, log, options.compactAfterBytes)
    : undefined;
  const engine = new Engine({
    projectId: options.projectId,
    rulesFor: (projectId) => projectRules.get(projectId) ?? defaultRules,
    sink: journal,
    indexes: indexes.current,
  });
  if (journal) {
    await journal.recover(engine);
    engine.markHistoryFloor();
  }

  if (options.importDir) await importDir(engine, options.importDir, log);

  const consoleHandler = createConsole(engine, options.projectId);
  const webChannel = createWebChannelTransport(engine);
  const transports: HttpTransport[] = [webChannel, createRestTransport(engine)];
  const sockets = new Set<net.Socket>();
  let grpcStreams = 0;
  /**
   * What is alive right now, to see that abandoned clients leave nothing behind (GET
   * /emulator/v1/stats; `?gc=1` collects garbage first when node runs with --expose-gc).
   */
  const stats = (collect: boolean) => {
    if (collect) (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    return {
      connections: sockets.size,
      grpcStreams,
      listenListeners: engine.allDatabases().reduce((n, db) => n + db.listeners.size, 0),
      webChannel: webChannel.stats(),
      memory: {
        rssMiB: memory.rss / 2 ** 20,
        heapUsedMiB: memory.heapUsed / 2 ** 20,
        /** Buffers and other memory outside the JS heap that V8 tracks. */
        externalMiB: memory.external / 2 ** 20,
      },
    };
  };

  const handleHttp1 = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    if (req.method === 'GET' && p === '/') {
      res.writeHead(200, { ...CORS_HEADERS, 'content-type': 'text/plain' });
      res.end('Ok');
      return;
    }
    if (req.method === 'GET' && p === '/emulator/v1/stats') {
      sendJson(res, 200, stats(url.searchParams.get('gc') === '1'));
      return;
    }
    const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/.exec(p);
    if (clear && req.method === 'DELETE') {
      const [projectId, databaseId] = [decodePercent(clear[1]), decodePercent(clear[2])];
      if (projectId === undefined || databaseId === undefined) {
        jsonError(res, 400, 'INVALID_ARGUMENT', 'Invalid percent-encoding in the path.');
        return;
      }
      engine.clear({ projectId, databaseId }).then(
        () => sendJson(res, 200, {}),
        (e: Error) => jsonError(res, 400, 'INVALID_ARGUMENT', e.message),
      );
      return;
    }
    const rules = /^\/emulator\/v1\/projects\/([^/]+):securityRules$/.exec(p);
    if (rules && req.method === 'PUT') {
      const projectId = decodePercent(rules[1]);
      if (projectId === undefined) {
        jsonError(res, 400, 'INVALID_ARGUMENT', 'Invalid percent-encoding in the path.');
        return;
      }
      readBody(req, builtinBodyLimit).then(
        (body) => {
          let files: { name?: string; content?: string }[];
          try {
            const parsed = JSON.parse(body) as {
              rules?: { files?: { name?: string; content?: string }[] };
            };
            files = parsed.rules?.files ?? [];
          } catch {
            jsonError(res, 400, 'INVALID_ARGUMENT', 'Request body is not valid JSON.');
            return;
          }
          const file = files[0];
          if (!file || typeof file.content !== 'string') {
            jsonError(res, 400, 'INVALID_ARGUMENT', 'Expected rules.files[0].content.');
            return;
          }
          const r = loadRules(file.content, file.name ?? 'firestore.rules');
          if (!r.ok) {
            jsonError(res, 400, 'INVALID_ARGUMENT', formatRulesErrors(r.errors));
            return;
          }
          projectRules.set(projectId, r.ruleset);
          sendJson(res, 200, {});
        },
        (e: Error) => jsonError(res, 400, 'INVALID_ARGUMENT', e.message),
      );
      return;
    }
    if (consoleHandler.handle(req, res)) return;
    for (const t of transports) if (t.handle(req, res)) return;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    res.writeHead(404, { ...CORS_HEADERS, 'content-type': 'text/plain' });
    res.end('Not Found');
  };

  const h1 = http.createServer((req, res) => {
    try {
      handleHttp1(req, res);
    } catch (e) {
      log(`HTTP handler error: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) jsonError(res, 500, 'INTERNAL', 'Internal error.');
      else res.destroy();
    }
  });
  h1.keepAliveTimeout = 60_000;
  const h2 = http2.createServer({
    settings: { maxConcurrentStreams: 1000 },
    // Many Listen streams with large results share one session; the 10 MB default is too tight.
    maxSessionMemory: 512,
  });
  h2.on('stream', (stream, headers) => {
    grpcStreams += 1;
    stream.once('close', () => (grpcStreams -= 1));
    try {
      handleGrpcStream(engine, stream, headers, (e) =>
        log(`gRPC handler error: ${(e as Error).stack ?? String(e)}`),
      );
    } catch (e) {
      log(`gRPC handler error: ${(e as Error).stack ?? String(e)}`);
      stream.destroy();
    }
  });
  h2.on('sessionError', () => {});

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let head: Buffer = Buffer.alloc(0);
    const onData = (data: Buffer) => {
      head = head.length ? Buffer.concat([head, data]) : data;
      // Decide once three bytes are in (or they already differ from the HTTP/2 preface).
      if (head.length < 3 && Buffer.from('PRI').subarray(0, head.length).equals(head)) return;
      socket.off('data', onData);
      const chunk = head;
      socket.pause();
      socket.unshift(chunk);
      // http2 reads bytes already buffered on the socket itself; http1 needs the stream flowing.
      if (chunk.subarray(0, 3).toString('latin1') === 'PRI') h2.emit('connection', socket);
      else {
        h1.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port ?? 8080} on ${host} is already in use.`)
          : e,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port ?? 8080, host);
  }).catch(async (e: unknown) => {
    rulesWatch?.();
    indexes.unwatch();
    engine.close();
    await journal?.close();
    throw e;
  });
  server.on('error', (e) => log(`Server error: ${e.message}`));
  const address = server.address() as net.AddressInfo;

  let stopping: Promise<void> | undefined;
  return {
    host,
    port: address.port,
    stop() {
      stopping ??= (async () => {
        rulesWatch?.();
        indexes.unwatch();
        for (const t of transports) t.close();
        engine.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets) s.destroy();
        await closed;
        await journal?.close();
      })();
      return stopping;
    },
  };
}
