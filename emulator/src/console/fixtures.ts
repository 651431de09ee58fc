/**
 * Fixtures: a database's documents as readable JSON with Firestore types preserved (each field a
 * google.firestore.v1 Value in the proto3 JSON mapping), exported and imported exactly.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Engine } from '../engine/index.js';
import type { Database } from '../engine/database.js';
import { compareNames } from '../model/values.js';
import { Code, RpcError, type JsonObject } from '../service.js';
import { ownerContext } from './data.js';

export const FIXTURE_FORMAT = 'vagas-firestore-fixture';

/** One database's documents: path below `documents` -> fields. */
export interface Fixture {
  format: typeof FIXTURE_FORMAT;
  version: 1;
  /** projects/{p}/databases/{d} it was exported from. */
  database: string;
  documents: { [path: string]: JsonObject };
}

/** The current documents of a database, sorted by path. */
export function exportDatabase(db: Database): Fixture {
  const docs = [...db.store.all()].sort((a, b) => compareNames(a.path, b.path));
  const documents: { [path: string]: JsonObject } = {};
  for (const d of docs) documents[d.path] = d.fields;
  return { format: FIXTURE_FORMAT, version: 1, database: db.name, documents };
}

/** Checks the shape of a parsed fixture file. */
export function parseFixture(data: unknown, source: string): Fixture {
  const f = data as Partial<Fixture> | null;
  if (
    !f ||
    typeof f !== 'object' ||
    f.format !== FIXTURE_FORMAT ||
    f.version !== 1 ||
    typeof f.documents !== 'object' ||
    f.documents === null
  ) {
    throw new RpcError(
      Code.INVALID_ARGUMENT,
      `${source} is not a fixture (expected {"format": "${FIXTURE_FORMAT}", "version": 1, "documents": {...}}).`,
    );
  }
  return f as Fixture;
}

/**
 * Replaces a database's documents with the fixture's (as the owner, in commits of 500); a bulk
 * load, so no Firestore trigger runs for it.
 */
export async function importFixture(
  engine: Engine,
  db: Database,
  fixture: Fixture,
): Promise<number> {
  await engine.clear(db.id);
  const entries = Object.entries(fixture.documents);
  for (let i = 0; i < entries.length; i += 500) {
    const writes = entries
      .slice(i, i + 500)
      .map(([p, fields]) => ({ update: { name: `${db.name}/documents/${p}`, fields } }));
    await engine.commit({ ...ownerContext(db), noTriggers: true }, db, writes);
  }
  return entries.length;
}

/** File of a database in a fixture directory: `DIR/{project}/{database}.json`. */
export function fixtureFile(dir: string, database: string): string {
  const [, project, , databaseId] = database.split('/');
  return path.join(dir, project, `${databaseId}.json`);
}

/** Writes fixtures (one file per database) into `dir`; returns the files written. */
export async function writeFixtures(dir: string, fixtures: Fixture[]): Promise<string[]> {
  const files: string[] = [];
  for (const f of fixtures) {
    const file = fixtureFile(dir, f.database);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(f, null, 2) + '\n');
    files.push(file);
  }
  return files;
}

/** Reads every `DIR/{project}/{database}.json` fixture. */
export async function readFixtures(dir: string): Promise<Fixture[]> {
  const out: Fixture[] = [];
  const projects = await readdir(dir, { withFileTypes: true });
  for (const p of projects.filter((e) => e.isDirectory())) {
    for (const f of await readdir(path.join(dir, p.name))) {
      if (!f.endsWith('.json')) continue;
      const file = path.join(dir, p.name, f);
      const fixture = parseFixture(JSON.parse(await readFile(file, 'utf8')), file);
      fixture.database = `projects/${p.name}/databases/${f.slice(0, -'.json'.length)}`;
      out.push(fixture);
    }
  }
  return out;
}
