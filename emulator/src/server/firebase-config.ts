/**
 * firebase.json's `firestore` section as firebase-tools deploys it: one object for the default
 * database, or an array with one entry per database, each with its own rules and indexes files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One database's configuration, with absolute file paths. */
export interface DatabaseConfig {
  /** The database id (`(default)` or a named database). */
  database: string;
  rulesFile?: string;
  indexesFile?: string;
}

type JsonRecord = { [key: string]: unknown };

function isRecord(v: unknown): v is JsonRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const DATABASE_ID = /^(\(default\)|[a-z][a-z0-9-]{2,61}[a-z0-9])$/;

function optionalFile(entry: JsonRecord, key: 'rules' | 'indexes', where: string, dir: string) {
  const v = entry[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw new Error(`${where}: "${key}" must be a file name.`);
  return path.resolve(dir, v);
}

function parseEntry(entry: unknown, where: string, dir: string, single: boolean): DatabaseConfig {
  if (!isRecord(entry)) throw new Error(`${where}: expected an object.`);
  let database = entry.database;
  if (database === undefined && single) database = '(default)';
  if (database === undefined) {
    throw new Error(
      entry.target !== undefined
        ? `${where}: deploy targets ("target") name no database the emulator can serve; add "database".`
        : `${where}: "database" is required in the array form.`,
    );
  }
  if (typeof database !== 'string' || !DATABASE_ID.test(database)) {
    throw new Error(`${where}: ${JSON.stringify(database)} is not a valid database id.`);
  }
  return {
    database,
    rulesFile: optionalFile(entry, 'rules', where, dir),
    indexesFile: optionalFile(entry, 'indexes', where, dir),
  };
}

/**
 * Reads the databases of a firebase.json (paths resolved against its directory). A file without a
 * `firestore` section configures nothing; a malformed one throws an Error naming the problem.
 */
export function readFirebaseConfig(file: string): DatabaseConfig[] {
  const abs = path.resolve(file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (e) {
    throw new Error(`Could not read ${file}: ${(e as Error).message}`, { cause: e });
  }
  if (!isRecord(json)) throw new Error(`${file}: expected a JSON object.`);
  const section = json.firestore;
  if (section === undefined) return [];
  const dir = path.dirname(abs);
  const entries = Array.isArray(section)
    ? section.map((e, i) => parseEntry(e, `${file}: firestore[${i}]`, dir, false))
    : [parseEntry(section, `${file}: firestore`, dir, true)];
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.database)) throw new Error(`${file}: database "${e.database}" is listed twice.`);
    seen.add(e.database);
  }
  return entries;
}
