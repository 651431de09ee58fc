/**
 * Managed exports (`gcloud firestore export`, `firebase emulators:export`): finding, reading and
 * importing one into a database, and writing a database as one. Layout:
 *
 *   {name}/{name}.overall_export_metadata
 *   {name}/all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata
 *   {name}/all_namespaces/all_kinds/output-0, output-1, ...   (LevelDB logs of EntityProtos)
 *
 * firebase-tools adds `firebase-export-metadata.json` beside it, naming the overall file.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Engine } from '../../engine/index.js';
import { compareNames } from '../../model/values.js';
import type { CallContext, JsonObject } from '../../service.js';
import { decodeDocument, encodeDocument, type ExportedDocument } from './entity.js';
import { LogWriter, readLog } from './leveldb-log.js';
import { decodeOverall, decodePartition, encodeOverall, encodePartition } from './metadata.js';

export { LogError } from './leveldb-log.js';
export { WireError } from './wire.js';

const PARTITION_DIR = 'all_namespaces/all_kinds';
const PARTITION_FILE = 'all_namespaces_all_kinds.export_metadata';
/** firebase-tools' file naming the parts of an `emulators:export` directory. */
export const FIREBASE_EXPORT_METADATA = 'firebase-export-metadata.json';
/** Output files roll over at this size (production exports are split into many too). */
const OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * The overall metadata file of the export at `target`: the file itself, a directory holding one
 * (`gcloud` layout) or holding a directory that does, or a firebase-tools export directory (its
 * firebase-export-metadata.json names it). Undefined when `target` holds no managed export.
 */
export async function findExport(target: string): Promise<string | undefined> {
  if (!existsSync(target)) return undefined;
  if (!statSync(target).isDirectory()) {
    return target.endsWith('.overall_export_metadata') ? target : undefined;
  }
  const hub = path.join(target, FIREBASE_EXPORT_METADATA);
  if (existsSync(hub)) {
    const meta = JSON.parse(await readFile(hub, 'utf8')) as {
      firestore?: { metadata_file?: string };
    };
    const file = meta.firestore?.metadata_file;
    return file ? path.resolve(target, file) : undefined;
  }
  const entries = await readdir(target, { withFileTypes: true });
  const own = entries.find((e) => e.isFile() && e.name.endsWith('.overall_export_metadata'));
  if (own) return path.join(target, own.name);
  // The directory the export was written into (`:export`'s export_directory): one level down.
  const found: string[] = [];
  for (const e of entries.filter((x) => x.isDirectory())) {
    const inner = (await readdir(path.join(target, e.name))).find((f) =>
      f.endsWith('.overall_export_metadata'),
    );
    if (inner) found.push(path.join(target, e.name, inner));
  }
  if (found.length > 1) throw new Error(`${target} holds several exports: ${found.join(', ')}`);
  return found[0];
}

/**
 * Every document of the export whose overall metadata file is `file`. All files are read and
 * checked before any document is handed out, so a corrupt export loads nothing.
 */
export async function readExport(file: string): Promise<ExportedDocument[]> {
  const root = path.dirname(file);
  const docs: ExportedDocument[] = [];
  for (const partition of decodeOverall(await readFile(file))) {
    const metaFile = path.join(root, partition.file);
    const meta = decodePartition(await readFile(metaFile));
    for (const output of meta.outputs) {
      const outFile = path.join(path.dirname(metaFile), output);
      try {
        readLog(await readFile(outFile), (record) => docs.push(decodeDocument(record)));
      } catch (e) {
        throw new Error(`${outFile}: ${(e as Error).message}`, { cause: e });
      }
    }
  }
  return docs;
}

/**
 * Imports an export into `db` (documents with the same path are replaced, others stay, as
 * production's import does), as the owner in commits of 500; a bulk load, so no trigger runs.
 */
export async function importExport(engine: Engine, db: Database, file: string): Promise<number> {
  return importDocuments(engine, db, await readExport(file));
}

async function importDocuments(
  engine: Engine,
  db: Database,
  docs: ExportedDocument[],
): Promise<number> {
  const ctx: CallContext = {
    projectId: db.id.projectId,
    databaseId: db.id.databaseId,
    caller: { kind: 'owner' },
    noTriggers: true,
  };
  for (let i = 0; i < docs.length; i += 500) {
    const writes: JsonObject[] = docs.slice(i, i + 500).map((d) => ({
      update: { name: `${db.name}/documents/${d.path}`, fields: d.fields },
    }));
    await engine.commit(ctx, db, writes);
  }
  return docs.length;
}

/** What an export wrote. */
export interface ExportResult {
  /** The overall metadata file. */
  metadataFile: string;
  documents: number;
  bytes: number;
}

/** Writes the current documents of `db` as the managed export `{dir}/{name}`. */
export async function writeExport(db: Database, dir: string, name: string): Promise<ExportResult> {
  const start = Date.now() * 1000;
  const docs = [...db.store.all()].sort((a, b) => compareNames(a.path, b.path));
  const partitionDir = path.join(dir, name, PARTITION_DIR);
  await mkdir(partitionDir, { recursive: true });
  const outputs: string[] = [];
  let bytes = 0;
  let writer = new LogWriter();
  const flush = async () => {
    const file = `output-${outputs.length}`;
    const data = writer.finish();
    await writeFile(path.join(partitionDir, file), data);
    outputs.push(file);
    bytes += data.length;
    writer = new LogWriter();
  };
  for (const d of docs) {
    writer.add(encodeDocument(db.id.projectId, db.id.databaseId, d.path, d.fields));
    if (writer.size >= OUTPUT_BYTES) await flush();
  }
  if (writer.size > 0 || outputs.length === 0) await flush();
  const partition = encodePartition({
    exportName: name,
    startMicros: start,
    endMicros: Date.now() * 1000,
    outputs,
  });
  await writeFile(path.join(partitionDir, PARTITION_FILE), partition);
  const metadataFile = path.join(dir, name, `${name}.overall_export_metadata`);
  await writeFile(
    metadataFile,
    encodeOverall([{ file: `${PARTITION_DIR}/${PARTITION_FILE}`, entities: docs.length, bytes }]),
  );
  return { metadataFile, documents: docs.length, bytes };
}

/**
 * `--import DIR` when DIR holds a managed export: loads it into the default database of
 * `projectId` (or of the project the export names). False when DIR holds no managed export.
 */
export async function importAtStart(
  engine: Engine,
  dir: string,
  projectId: string | undefined,
  log: (line: string) => void,
): Promise<boolean> {
  const file = await findExport(dir);
  if (!file) return false;
  const docs = await readExport(file);
  const project = projectId ?? docs[0]?.project;
  if (!project) throw new Error(`${file} holds no documents and --project names no project.`);
  const db = engine.database({ projectId: project, databaseId: '(default)' });
  const n = await importDocuments(engine, db, docs);
  log(`Imported ${n} documents into ${db.name} from ${file}`);
  return true;
}
