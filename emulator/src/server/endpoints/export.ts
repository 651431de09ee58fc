/**
 * Managed exports over HTTP, as firebase-tools asks the official emulator for them:
 * `POST /emulator/v1/projects/{p}:export` with `{database, export_directory, export_name}` writes
 * `{export_directory}/{export_name}/...`; `POST /emulator/v1/projects/{p}:import` with
 * `{database, export_directory}` (a directory or its overall metadata file) loads one.
 */
import path from 'node:path';
import type { Engine } from '../../engine/index.js';
import { parseDatabaseName } from '../../model/paths.js';
import { findExport, importExport, writeExport } from '../managed-export/index.js';
import {
  EndpointError,
  readJsonBody,
  sendEndpointJson,
  type BuiltinEndpoint,
  type EndpointRequest,
} from './router.js';

interface ExportBody {
  database?: unknown;
  export_directory?: unknown;
  export_name?: unknown;
}

const invalid = (message: string) => new EndpointError(400, 'INVALID_ARGUMENT', message);

/** The body, refusing browsers: these endpoints read and write files of the emulator's machine. */
async function body(r: EndpointRequest): Promise<ExportBody & { directory: string }> {
  if (r.req.headers.origin) {
    throw new EndpointError(403, 'PERMISSION_DENIED', 'Exports are not available to web pages.');
  }
  const b = (await readJsonBody(r.req)) as ExportBody | null;
  if (!b || typeof b.export_directory !== 'string' || !b.export_directory) {
    throw invalid('Expected {"export_directory": "..."}.');
  }
  return { ...b, directory: path.resolve(b.export_directory) };
}

function database(engine: Engine, projectId: string, name: unknown) {
  if (name !== undefined && typeof name !== 'string') throw invalid('"database" must be a name.');
  const id = name ? parseDatabaseName(name) : { projectId, databaseId: '(default)' };
  if (id.projectId !== projectId) throw invalid(`${String(name)} is not in project ${projectId}.`);
  return engine.database(id);
}

export function exportEndpoints(engine: Engine): BuiltinEndpoint[] {
  return [
    {
      method: 'POST',
      path: /^\/emulator\/v1\/projects\/([^/:]+):export$/,
      async handle(r) {
        const b = await body(r);
        const name = b.export_name ?? 'firestore_export';
        if (typeof name !== 'string' || !/^[\w.-]+$/.test(name) || name.startsWith('.')) {
          throw invalid('"export_name" must be a plain directory name.');
        }
        const db = database(engine, r.params[0], b.database);
        const result = await writeExport(db, b.directory, name);
        sendEndpointJson(r.res, 200, { database: db.name, ...result });
      },
    },
    {
      method: 'POST',
      path: /^\/emulator\/v1\/projects\/([^/:]+):import$/,
      async handle(r) {
        const b = await body(r);
        const file = await findExport(b.directory);
        if (!file)
          throw invalid(`${b.directory} holds no Firestore export (*.overall_export_metadata).`);
        const db = database(engine, r.params[0], b.database);
        const documents = await importExport(engine, db, file);
        sendEndpointJson(r.res, 200, { database: db.name, metadataFile: file, documents });
      },
    },
  ];
}
