/** `GET /` (the "Ok" the SDKs' and firebase-tools' health checks read) and `GET /emulator/v1/stats`. */
import type { Engine } from '../../engine/index.js';
import { specName } from '../../engine/index-build.js';
import { CORS_HEADERS, sendEndpointJson, type BuiltinEndpoint } from './router.js';

/** Live counts the stats endpoint reports besides the engine's. */
export interface LiveCounts {
  connections(): number;
  grpcStreams(): number;
  webChannel(): unknown;
}

export const okEndpoint: BuiltinEndpoint = {
  method: 'GET',
  path: /^\/$/,
  handle({ res }) {
    res.writeHead(200, { ...CORS_HEADERS, 'content-type': 'text/plain' });
    res.end('Ok');
  },
};

/** Per database and collection, the indexes in use and those being built (`kind field`). */
function indexesOf(engine: Engine) {
  const out: { [db: string]: { [coll: string]: { built: string[]; building: string[] } } } = {};
  for (const c of engine.collectionIndexes()) {
    out[c.database] ??= {};
    out[c.database][c.collection] = {
      built: c.built.map(specName).sort(),
      building: c.building.map(specName),
    };
  }
  return out;
}

/**
 * What is alive right now, to see that abandoned clients leave nothing behind (`?gc=1` collects
 * garbage first when node runs with --expose-gc).
 */
export function statsEndpoint(engine: Engine, live: LiveCounts): BuiltinEndpoint {
  return {
    method: 'GET',
    path: /^\/emulator\/v1\/stats$/,
    handle({ res, url }) {
      if (url.searchParams.get('gc') === '1') (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      sendEndpointJson(res, 200, {
        connections: live.connections(),
        grpcStreams: live.grpcStreams(),
        listenListeners: engine.allDatabases().reduce((n, db) => n + db.listeners.size, 0),
        webChannel: live.webChannel(),
        /** Collections whose indexes are still being built in the background. */
        indexBuilds: engine.indexBuilder.pending,
        indexes: indexesOf(engine),
        memory: {
          rssMiB: memory.rss / 2 ** 20,
          heapUsedMiB: memory.heapUsed / 2 ** 20,
          /** Buffers and other memory outside the JS heap that V8 tracks. */
          externalMiB: memory.external / 2 ** 20,
        },
      });
    },
  };
}
