/**
 * The views the store gives of its documents: a stored version as a read gets it (fields unpacked
 * on first use), and a collection's current documents as its indexes read them (ordinals, ids,
 * packed bytes, and a frozen copy for a background build).
 */
import type { DocVersion } from '../model/document.js';
import type { Packer } from '../model/packed.js';
import type { Fields } from '../model/values.js';
import type { Arena } from './arena.js';
import type { DocIds } from './doc-ids.js';
import type { IdTable } from './id-table.js';
import type { IndexSource } from './store-index.js';

export /** A stored version as read: fields unpacked on first use. */
class StoredDoc implements DocVersion {
  private unpacked?: Fields;

  constructor(
    readonly name: string,
    readonly path: string,
    readonly createTime: number,
    readonly updateTime: number,
    private readonly bytes: Buffer,
    private readonly packer: Packer,
  ) {}

  get fields(): Fields {
    return (this.unpacked ??= this.packer.unpack(this.bytes));
  }
}

/** What a collection's index source reads of the store. */
export interface StoreReads {
  packer: Packer;
  arena: Arena;
  /** The documents' ids by ordinal. */
  ids: DocIds;
  /** The current document of an ordinal. */
  doc(ord: number): DocVersion;
  /** The ordinal at a document path, if any (a current document or not). */
  ordAt(path: string): number | undefined;
}

/** The current documents of a collection (its ids' ordinals, `ords`) as its indexes read them. */
export function indexSource(collOrds: IdTable, s: StoreReads): IndexSource {
  const { arena, packer, ids } = s;
  const ords = () => {
    const out: number[] = [];
    for (const ord of collOrds.ords()) if (arena.has(ord)) out.push(ord);
    return out;
  };
  return {
    packer,
    bytes: (ord) => arena.get(ord),
    chunk: (ord) => arena.chunk(ord),
    offset: (ord) => arena.offset(ord),
    ords,
    frozen: () => {
      const list = ords();
      return { ...arena.freeze(), packer, ords: list, ids: ids.freeze(list) };
    },
    idBytes: ids.bytes,
    doc: s.doc,
    ordOf: (path) => {
      const ord = s.ordAt(path);
      return ord !== undefined && arena.get(ord) ? ord : -1;
    },
  };
}
