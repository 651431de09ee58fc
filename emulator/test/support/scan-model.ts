/**
 * What the engine's index tests share: a document written as a commit writes it, and a query's
 * results and count checked against the plain scan of every document (the model every index must
 * agree with).
 */
import { expect } from 'vitest';
import type { Database } from '../../src/engine/database.js';
import { countDocs, queryDocs, scanQueryDocs } from '../../src/engine/reads.js';
import type { DocVersion } from '../../src/model/document.js';
import type { Fields } from '../../src/model/values.js';
import type { CompiledQuery } from '../../src/query/index.js';

/** Writes `fields` (null: deletes) at `path` of database `dbName` as of `time`. */
export function putDoc(
  db: Database,
  dbName: string,
  path: string,
  fields: Fields | null,
  time: number,
): void {
  const before = db.store.get(path);
  const doc: DocVersion | null = fields
    ? {
        name: `${dbName}/documents/${path}`,
        path,
        fields,
        createTime: before?.createTime ?? time,
        updateTime: time,
      }
    : null;
  db.store.put(path, doc, time);
}

/** The documents' paths, in order. */
export const names = (docs: DocVersion[]) => docs.map((d) => d.path);

/**
 * The query's documents, in order, and its count are the plain scan's; `countFirst`: the count is
 * asked first, so that the query meets what the count's pass left with the indexes.
 */
export function sameAsScan(db: Database, q: CompiledQuery, countFirst = false): void {
  const count = () => expect(countDocs(db, q)).toBe(scanQueryDocs(db, q, undefined, true).length);
  if (countFirst) count();
  expect(names(queryDocs(db, q))).toEqual(names(scanQueryDocs(db, q)));
  if (!countFirst) count();
}
