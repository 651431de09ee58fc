/**
 * A Firestore document as the legacy Datastore `EntityProto` (storage_onestore_v3, entity.proto
 * of the App Engine SDK) that managed exports hold, one per record. The key's path alternates
 * collection id (`type`) and document id (`name`, or a numeric `id` = `__id<n>__`); each field is a
 * Property whose `meaning` carries the Firestore type:
 *
 * | Firestore      | meaning            | PropertyValue                                        |
 * | -------------- | ------------------ | ---------------------------------------------------- |
 * | null           |                    | empty                                                |
 * | boolean        |                    | booleanValue (2)                                     |
 * | integer        |                    | int64Value (1)                                       |
 * | double         |                    | doubleValue (4)                                      |
 * | string         |                    | stringValue (3), UTF-8                               |
 * | bytes          | BLOB 14            | stringValue (BYTESTRING 16 read too)                 |
 * | timestamp      | GD_WHEN 7          | int64Value, microseconds since the epoch             |
 * | geo point      | GEORSS_POINT 9     | PointValue group (5): x = latitude, y = longitude    |
 * | reference      |                    | ReferenceValue group (12): app, PathElement groups   |
 * | map (vector)   | ENTITY_PROTO 19    | stringValue holding a nested EntityProto             |
 * | array          | the element's      | one Property per element, `multiple` = true          |
 * | empty array    | EMPTY_LIST 24      | empty, in `property` (indexed)                       |
 *
 * As the official emulator writes them, every other property goes in `raw_property`, and the
 * application id is `dev~{project}` (production's `s~`/`e~` prefixes are read too).
 */
import { formatTimestamp, parseTimestamp } from '../../model/time.js';
import { doubleOf, doubleToJson, type Fields, type Value } from '../../model/values.js';
import { ProtoReader, ProtoWriter, WireError, WireType } from './wire.js';

// EntityProto, Reference, Path, Property and PropertyValue field numbers.
const ENTITY_KEY = 13;
const ENTITY_PROPERTY = 14;
const ENTITY_RAW_PROPERTY = 15;
const ENTITY_GROUP = 16;
const REF_APP = 13;
const REF_PATH = 14;
const REF_NAMESPACE = 20;
const REF_DATABASE = 23;
const PATH_ELEMENT = 1;
const PROP_MEANING = 1;
const PROP_NAME = 3;
const PROP_MULTIPLE = 4;
const PROP_VALUE = 5;
const V_INT64 = 1;
const V_BOOLEAN = 2;
const V_STRING = 3;
const V_DOUBLE = 4;
const V_POINT = 5;
const V_REFERENCE = 12;

const GD_WHEN = 7;
const GEORSS_POINT = 9;
const BLOB = 14;
const BYTESTRING = 16;
const ENTITY_PROTO = 19;
const EMPTY_LIST = 24;

/** Maps and arrays nest at most 20 deep in Firestore: deeper input is not a Firestore export. */
const MAX_DEPTH = 20;

/** A path element: the collection id and the document id. */
type Element = [string, string];

/** One document of an export: where it lives and its fields. */
export interface ExportedDocument {
  /** The project of the entity's application id (its `x~` prefix removed). */
  project: string;
  /** Below `documents` (`leads/abc`). */
  path: string;
  fields: Fields;
}

const NUMERIC_ID = /^__id(-?\d{1,19})__$/;

function elementsOf(path: string): Element[] {
  const segs = path.split('/');
  const out: Element[] = [];
  for (let i = 0; i + 1 < segs.length; i += 2) out.push([segs[i], segs[i + 1]]);
  return out;
}

function writeElements(w: ProtoWriter, elements: Element[], ids: [number, number, number]) {
  for (const [type, name] of elements) {
    w.group(ids[0], (e) => {
      e.string(ids[1], type);
      const numeric = NUMERIC_ID.exec(name);
      if (numeric) e.int64(ids[1] + 1, BigInt(numeric[1]));
      else e.string(ids[1] + 2, name);
    });
  }
}

function timestampMicros(ts: string): bigint | number {
  const { seconds, nanos } = parseTimestamp(ts);
  const micros = seconds * 1_000_000 + Math.floor(nanos / 1000);
  if (Number.isSafeInteger(micros)) return micros;
  return BigInt(seconds) * 1_000_000n + BigInt(Math.floor(nanos / 1000));
}

/** An integerValue (decimal text) for the writer: a number when exact, else a bigint. */
function int64Of(text: string): bigint | number {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** `projects/{p}/databases/{d}/documents/{path}` -> its parts. */
function splitReference(name: string): { project: string; database: string; path: string } {
  const segs = name.split('/');
  return { project: segs[1], database: segs[3], path: segs.slice(5).join('/') };
}

function meaningOf(v: Value): number | undefined {
  if ('timestampValue' in v) return GD_WHEN;
  if ('geoPointValue' in v) return GEORSS_POINT;
  if ('bytesValue' in v) return BLOB;
  if ('mapValue' in v) return ENTITY_PROTO;
  return undefined;
}

function writeValue(w: ProtoWriter, v: Value): void {
  if ('booleanValue' in v) w.bool(V_BOOLEAN, v.booleanValue === true);
  else if ('integerValue' in v) w.int64(V_INT64, int64Of(v.integerValue as string));
  else if ('doubleValue' in v) w.double(V_DOUBLE, doubleOf(v.doubleValue));
  else if ('stringValue' in v) w.string(V_STRING, v.stringValue as string);
  else if ('bytesValue' in v) w.bytes(V_STRING, Buffer.from(v.bytesValue as string, 'base64'));
  else if ('timestampValue' in v) w.int64(V_INT64, timestampMicros(v.timestampValue as string));
  else if ('geoPointValue' in v) {
    const g = v.geoPointValue as { latitude?: number; longitude?: number };
    w.group(V_POINT, (p) => {
      p.double(6, g.latitude ?? 0);
      p.double(7, g.longitude ?? 0);
    });
  } else if ('referenceValue' in v) {
    const r = splitReference(v.referenceValue as string);
    w.group(V_REFERENCE, (g) => {
      g.string(13, `dev~${r.project}`);
      writeElements(g, elementsOf(r.path), [14, 15, 16]);
      if (r.database !== '(default)') g.string(REF_DATABASE, r.database);
    });
  } else if ('mapValue' in v) {
    const fields = ((v.mapValue as { fields?: Fields }).fields ?? {}) as Fields;
    w.bytes(V_STRING, encodeEntity('', undefined, [], fields));
  }
  // nullValue: an empty PropertyValue.
}

function writeProperty(w: ProtoWriter, field: number, name: string, v: Value, multiple: boolean) {
  w.message(field, (p) => {
    const meaning = meaningOf(v);
    if (meaning !== undefined) p.uint(PROP_MEANING, meaning);
    p.string(PROP_NAME, name);
    p.bool(PROP_MULTIPLE, multiple);
    p.message(PROP_VALUE, (pv) => writeValue(pv, v));
  });
}

function writeFields(w: ProtoWriter, fields: Fields): void {
  const names = Object.keys(fields).sort();
  for (const name of names) {
    const array = fields[name].arrayValue as { values?: Value[] } | undefined;
    if (array && !array.values?.length) {
      w.message(ENTITY_PROPERTY, (p) => {
        p.uint(PROP_MEANING, EMPTY_LIST);
        p.string(PROP_NAME, name);
        p.bool(PROP_MULTIPLE, false);
        p.message(PROP_VALUE, () => {});
      });
    }
  }
  for (const name of names) {
    const v = fields[name];
    if ('arrayValue' in v) {
      for (const e of (v.arrayValue as { values?: Value[] }).values ?? []) {
        writeProperty(w, ENTITY_RAW_PROPERTY, name, e, true);
      }
    } else writeProperty(w, ENTITY_RAW_PROPERTY, name, v, false);
  }
}

/**
 * Encodes an entity: a document (its project, database and path) or, with an empty app and path,
 * a map value nested in one.
 */
export function encodeEntity(
  app: string,
  database: string | undefined,
  elements: Element[],
  fields: Fields,
): Buffer {
  const w = new ProtoWriter();
  w.message(ENTITY_KEY, (k) => {
    k.string(REF_APP, app);
    k.message(REF_PATH, (p) => writeElements(p, elements, [PATH_ELEMENT, 2, 3]));
    if (database && database !== '(default)') k.string(REF_DATABASE, database);
  });
  writeFields(w, fields);
  w.message(ENTITY_GROUP, (p) => writeElements(p, elements.slice(0, 1), [PATH_ELEMENT, 2, 3]));
  return w.finish();
}

/** Encodes a stored document as its export record. */
export function encodeDocument(project: string, database: string, path: string, fields: Fields) {
  return encodeEntity(`dev~${project}`, database, elementsOf(path), fields);
}

// ---- Reading --------------------------------------------------------------------------------

function stripApp(app: string): string {
  return app.slice(app.indexOf('~') + 1);
}

/** A path element group: type, then an id or a name. */
function readElement(bytes: Uint8Array, typeField: number): Element {
  const r = new ProtoReader(bytes);
  let type = '';
  let id: string | undefined;
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === typeField && t.type === WireType.Delimited) type = r.string();
    else if (t.field === typeField + 1 && t.type === WireType.Varint) id = `__id${r.int64()}__`;
    else if (t.field === typeField + 2 && t.type === WireType.Delimited) id = r.string();
    else r.skip(t.field, t.type);
  }
  if (!type || id === undefined) throw new WireError('a key path element has no kind or name');
  return [type, id];
}

function readReference(bytes: Uint8Array): { app: string; elements: Element[] } {
  const r = new ProtoReader(bytes);
  let app = '';
  const elements: Element[] = [];
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === REF_APP && t.type === WireType.Delimited) app = r.string();
    else if (t.field === REF_NAMESPACE && t.type === WireType.Delimited) {
      const ns = r.string();
      if (ns) throw new WireError(`entity in Datastore namespace "${ns}" (not a Firestore export)`);
    } else if (t.field === REF_PATH && t.type === WireType.Delimited) {
      const p = new ProtoReader(r.delimited());
      for (let e = p.next(); e; e = p.next()) {
        if (e.field === PATH_ELEMENT && e.type === WireType.StartGroup) {
          elements.push(readElement(p.group(PATH_ELEMENT), 2));
        } else p.skip(e.field, e.type);
      }
    } else r.skip(t.field, t.type);
  }
  return { app, elements };
}

function referenceValue(bytes: Uint8Array): Value {
  const r = new ProtoReader(bytes);
  let app = '';
  let db = '(default)';
  const path: string[] = [];
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === 13 && t.type === WireType.Delimited) app = r.string();
    else if (t.field === REF_DATABASE && t.type === WireType.Delimited) db = r.string() || db;
    else if (t.field === 14 && t.type === WireType.StartGroup)
      path.push(...readElement(r.group(14), 15));
    else r.skip(t.field, t.type);
  }
  return {
    referenceValue: `projects/${stripApp(app)}/databases/${db}/documents/${path.join('/')}`,
  };
}

function microsToTimestamp(us: bigint): string {
  const seconds = us / 1_000_000n - (us % 1_000_000n < 0n ? 1n : 0n);
  const micros = us - seconds * 1_000_000n;
  return formatTimestamp(Number(seconds), Number(micros) * 1000);
}

function readValue(bytes: Uint8Array, meaning: number, depth: number): Value {
  const r = new ProtoReader(bytes);
  let v: Value = { nullValue: null };
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === V_INT64 && t.type === WireType.Varint) {
      const n = r.int64();
      v =
        meaning === GD_WHEN
          ? { timestampValue: microsToTimestamp(n) }
          : { integerValue: String(n) };
    } else if (t.field === V_BOOLEAN && t.type === WireType.Varint) {
      v = { booleanValue: r.int64() !== 0n };
    } else if (t.field === V_DOUBLE && t.type === WireType.Fixed64) {
      v = { doubleValue: doubleToJson(r.double()) };
    } else if (t.field === V_STRING && t.type === WireType.Delimited) {
      const raw = r.delimited();
      if (meaning === ENTITY_PROTO) v = { mapValue: { fields: decodeFields(raw, depth + 1) } };
      else if (meaning === BLOB || meaning === BYTESTRING) {
        v = { bytesValue: Buffer.from(raw).toString('base64') };
      } else v = { stringValue: Buffer.from(raw).toString('utf8') };
    } else if (t.field === V_POINT && t.type === WireType.StartGroup) {
      const p = new ProtoReader(r.group(V_POINT));
      const g = { latitude: 0, longitude: 0 };
      for (let f = p.next(); f; f = p.next()) {
        if (f.field === 6 && f.type === WireType.Fixed64) g.latitude = p.double();
        else if (f.field === 7 && f.type === WireType.Fixed64) g.longitude = p.double();
        else p.skip(f.field, f.type);
      }
      v = { geoPointValue: g };
    } else if (t.field === V_REFERENCE && t.type === WireType.StartGroup) {
      v = referenceValue(r.group(V_REFERENCE));
    } else r.skip(t.field, t.type);
  }
  return v;
}

/** A Property: its name, whether it is an array element, and its value (undefined: empty list). */
function readProperty(bytes: Uint8Array, depth: number) {
  const r = new ProtoReader(bytes);
  let meaning = 0;
  let name = '';
  let multiple = false;
  let raw: Uint8Array = new Uint8Array(0);
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === PROP_MEANING && t.type === WireType.Varint) meaning = r.varintNumber();
    else if (t.field === PROP_NAME && t.type === WireType.Delimited) name = r.string();
    else if (t.field === PROP_MULTIPLE && t.type === WireType.Varint) multiple = r.int64() !== 0n;
    else if (t.field === PROP_VALUE && t.type === WireType.Delimited) raw = r.delimited();
    else r.skip(t.field, t.type);
  }
  if (!name) throw new WireError('a property has no name');
  const value = meaning === EMPTY_LIST ? undefined : readValue(raw, meaning, depth);
  return { name, multiple, value };
}

/** The fields of an entity's properties (array elements gathered in their order). */
function decodeFields(bytes: Uint8Array, depth: number): Fields {
  if (depth > MAX_DEPTH) throw new WireError(`values nested deeper than ${MAX_DEPTH} levels`);
  const r = new ProtoReader(bytes);
  const fields: Fields = {};
  for (let t = r.next(); t; t = r.next()) {
    if (
      (t.field === ENTITY_PROPERTY || t.field === ENTITY_RAW_PROPERTY) &&
      t.type === WireType.Delimited
    ) {
      const p = readProperty(r.delimited(), depth);
      if (p.value === undefined) {
        if (!fields[p.name]) fields[p.name] = { arrayValue: { values: [] } };
      } else if (p.multiple) {
        const existing = fields[p.name]?.arrayValue as { values: Value[] } | undefined;
        if (existing) existing.values.push(p.value);
        else fields[p.name] = { arrayValue: { values: [p.value] } };
      } else fields[p.name] = p.value;
    } else r.skip(t.field, t.type);
  }
  return fields;
}

/** Decodes one export record into its document; a WireError says what is malformed. */
export function decodeDocument(record: Uint8Array): ExportedDocument {
  const r = new ProtoReader(record);
  let key: { app: string; elements: Element[] } | undefined;
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === ENTITY_KEY && t.type === WireType.Delimited) key = readReference(r.delimited());
    else r.skip(t.field, t.type);
  }
  if (!key || key.elements.length === 0) throw new WireError('an entity has no key path');
  return {
    project: stripApp(key.app),
    path: key.elements.map((e) => e.join('/')).join('/'),
    fields: decodeFields(record, 0),
  };
}
