/**
 * Which index a query needs, as production Firestore decides it: the automatic single-field
 * indexes serve equality-only queries and one ordered field; everything else needs a composite
 * index. Used for `--indexes` enforcement and for query explain.
 */
import { formatFieldPath, parseFieldPath } from '../model/paths.js';
import { assertNever, type Filter } from '../model/filters.js';
import type { CompiledQuery } from './index.js';

export type Direction = 'ASCENDING' | 'DESCENDING';

/** One field of an index, as in firestore.indexes.json. */
export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

/** A composite index, as in firestore.indexes.json. */
export interface IndexDef {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

/** What one disjunct of a query needs: equality fields, an array-contains field, ordered fields. */
interface Need {
  equality: string[];
  contains?: string;
  order: { fieldPath: string; order: Direction }[];
}

/** The index a query uses or needs, per disjunct of its filter. */
export interface IndexPlan {
  scope: IndexDef['queryScope'];
  collectionGroup: string;
  /** Direction of `__name__`, the last field of every index entry. */
  nameOrder: Direction;
  needs: Need[];
}

const NAME = '__name__';

type Leaf = Exclude<Filter, { kind: 'composite' }>;

/** The filter in disjunctive normal form (`in` and `array-contains-any` stay single leaves). */
function disjuncts(f: Filter | undefined): Leaf[][] {
  if (!f) return [[]];
  switch (f.kind) {
    case 'composite': {
      const parts = f.filters.map(disjuncts);
      if (f.op === 'OR') return parts.length ? parts.flat() : [[]];
      return parts.reduce<Leaf[][]>(
        (acc, p) => acc.flatMap((a) => p.map((b) => [...a, ...b])),
        [[]],
      );
    }
    case 'field':
    case 'unary':
      return [[f]];
    default:
      return assertNever(f);
  }
}

function pathOf(field: unknown): string {
  return formatFieldPath(parseFieldPath(field));
}

/** The plan of a compiled query; `aggregated` are the fields of its sum/avg aggregations. */
export function planQuery(q: CompiledQuery, aggregated: string[][] = []): IndexPlan {
  const last = q.orders[q.orders.length - 1];
  const nameOrder: Direction = last && last.dir === -1 ? 'DESCENDING' : 'ASCENDING';
  const needs = disjuncts(q.filter).map((leaves) => {
    const equality = new Set<string>();
    const pinned = new Set<string>();
    let contains: string | undefined;
    for (const leaf of leaves) {
      const path = pathOf(leaf.field);
      if (path === NAME) continue;
      const op = leaf.op;
      if (op === 'EQUAL' || op === 'IS_NULL' || op === 'IS_NAN' || op === 'IN') {
        equality.add(path);
        if (op !== 'IN') pinned.add(path);
      } else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') {
        contains = path;
      }
    }
    const order: Need['order'] = [];
    for (const o of q.orders) {
      if (o.isName || pinned.has(o.key)) continue;
      order.push({ fieldPath: o.key, order: o.dir === -1 ? 'DESCENDING' : 'ASCENDING' });
    }
    for (const segs of aggregated) {
      const key = formatFieldPath(segs);
      if (!equality.has(key) && !order.some((o) => o.fieldPath === key)) {
        order.push({ fieldPath: key, order: 'ASCENDING' });
      }
    }
    for (const o of order) equality.delete(o.fieldPath);
    return { equality: [...equality], contains, order };
  });
  return {
    scope: q.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    collectionGroup: q.collectionId,
    nameOrder,
    needs,
  };
}

/** Whether the automatic single-field indexes serve a disjunct. */
function automatic(n: Need): boolean {
  if (n.order.length === 0) return true;
  return n.order.length === 1 && n.equality.length === 0 && !n.contains;
}

/** The composite index production would ask for (fields without the trailing `__name__`). */
export function requiredIndex(plan: IndexPlan, n: Need): IndexDef {
  const fields: IndexField[] = n.equality.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' }));
  if (n.contains) fields.push({ fieldPath: n.contains, arrayConfig: 'CONTAINS' });
  fields.push(...n.order.map((o) => ({ fieldPath: o.fieldPath, order: o.order })));
  return { collectionGroup: plan.collectionGroup, queryScope: plan.scope, fields };
}

function sameOrder(a: Need['order'], b: IndexField[]): boolean {
  return (
    a.length === b.length &&
    a.every((o, i) => b[i].fieldPath === o.fieldPath && b[i].order === o.order)
  );
}

/**
 * Whether the given composite indexes serve a disjunct: indexes that end with its ordered fields
 * (in the same directions: a composite index is not read backwards) and start with some of its
 * equality fields, together covering all of them (Firestore merges such indexes).
 */
function served(plan: IndexPlan, n: Need, indexes: IndexDef[]): boolean {
  const wanted = new Set(n.equality);
  if (n.contains) wanted.add(n.contains);
  const covered = new Set<string>();
  let usable = false;
  for (const index of indexes) {
    if (index.collectionGroup !== plan.collectionGroup || index.queryScope !== plan.scope) continue;
    const fields = index.fields.filter((f) => f.fieldPath !== NAME);
    const split = fields.length - n.order.length;
    if (split < 0) continue;
    const suffix = fields.slice(split);
    if (!sameOrder(n.order, suffix)) continue;
    const prefix = fields.slice(0, split);
    const fits = prefix.every((f) =>
      f.arrayConfig ? f.fieldPath === n.contains : n.equality.includes(f.fieldPath),
    );
    if (!fits) continue;
    usable = true;
    for (const f of prefix) covered.add(f.fieldPath);
  }
  return usable && [...wanted].every((f) => covered.has(f));
}

/** The first disjunct the automatic and the given indexes do not serve, as the index it needs. */
export function missingIndex(plan: IndexPlan, indexes: IndexDef[]): IndexDef | undefined {
  for (const n of plan.needs) {
    if (!automatic(n) && !served(plan, n, indexes)) return requiredIndex(plan, n);
  }
  return undefined;
}

/** The indexes a query uses, as explain prints them (`(a ASC, b DESC, __name__ DESC)`). */
export function indexesUsed(plan: IndexPlan): { query_scope: string; properties: string }[] {
  const scope = plan.scope === 'COLLECTION' ? 'Collection' : 'Collection group';
  const dir = (d: Direction | undefined) => (d === 'DESCENDING' ? 'DESC' : 'ASC');
  const name = `${NAME} ${dir(plan.nameOrder)}`;
  const out = new Map<string, { query_scope: string; properties: string }>();
  const add = (parts: string[]) => {
    const properties = `(${[...parts, name].join(', ')})`;
    out.set(properties, { query_scope: scope, properties });
  };
  for (const n of plan.needs) {
    if (!automatic(n)) {
      const fields = requiredIndex(plan, n).fields;
      add(fields.map((f) => `${f.fieldPath} ${f.arrayConfig ? 'CONTAINS' : dir(f.order)}`));
    } else if (n.order.length === 1) {
      add([`${n.order[0].fieldPath} ${dir(n.order[0].order)}`]);
    } else if (n.equality.length === 0 && !n.contains) {
      add([]);
    } else {
      for (const f of n.equality) add([`${f} ASC`]);
      if (n.contains) add([`${n.contains} CONTAINS`]);
    }
  }
  return [...out.values()];
}
