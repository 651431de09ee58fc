/** Firestore values for display and editing: their type, a readable form, and typed drafts. */
import type { Fields, Value } from './api.ts';

export const FIELD_TYPES = [
  'string',
  'integer',
  'double',
  'boolean',
  'timestamp',
  'map',
  'array',
  'reference',
  'geopoint',
  'bytes',
  'null',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

const KEY_TO_TYPE: { [key: string]: FieldType } = {
  stringValue: 'string',
  integerValue: 'integer',
  doubleValue: 'double',
  booleanValue: 'boolean',
  timestampValue: 'timestamp',
  mapValue: 'map',
  arrayValue: 'array',
  referenceValue: 'reference',
  geoPointValue: 'geopoint',
  bytesValue: 'bytes',
  nullValue: 'null',
};

export function typeOf(v: Value): FieldType {
  for (const k of Object.keys(v)) if (KEY_TO_TYPE[k]) return KEY_TO_TYPE[k];
  return 'null';
}

export function mapFields(v: Value): Fields {
  return ((v.mapValue as { fields?: Fields } | undefined)?.fields ?? {}) as Fields;
}

export function arrayValues(v: Value): Value[] {
  return ((v.arrayValue as { values?: Value[] } | undefined)?.values ?? []) as Value[];
}

/** A timestamp in the browser's time zone, e.g. "23/11/2026, 05:40:12". */
export function localTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { timeZoneName: 'short' });
}

/** One-line text of a scalar (maps and arrays: their size). */
export function valueText(v: Value): string {
  switch (typeOf(v)) {
    case 'string':
      return String(v.stringValue);
    case 'integer':
      return String(v.integerValue);
    case 'double':
      return String(v.doubleValue);
    case 'boolean':
      return String(v.booleanValue);
    case 'timestamp':
      return String(v.timestampValue);
    case 'reference':
      return String(v.referenceValue).replace(
        /^projects\/[^/]+\/databases\/[^/]+\/documents\//,
        '/',
      );
    case 'geopoint': {
      const g = v.geoPointValue as { latitude?: number; longitude?: number };
      return `${g.latitude ?? 0}, ${g.longitude ?? 0}`;
    }
    case 'bytes':
      return String(v.bytesValue);
    case 'null':
      return 'null';
    case 'map': {
      const n = Object.keys(mapFields(v)).length;
      return `{${n} ${n === 1 ? 'field' : 'fields'}}`;
    }
    case 'array': {
      const n = arrayValues(v).length;
      return `[${n} ${n === 1 ? 'item' : 'items'}]`;
    }
  }
}

/** A field being edited: its name, type and value as text. */
export interface Draft {
  key: number;
  name: string;
  type: FieldType;
  text: string;
}

let nextKey = 1;

/** The text form of a value for its editor (maps and arrays as typed JSON). */
export function draftText(v: Value): string {
  const t = typeOf(v);
  if (t === 'map') return JSON.stringify(mapFields(v), null, 2);
  if (t === 'array') return JSON.stringify(arrayValues(v), null, 2);
  if (t === 'null') return '';
  if (t === 'reference') return String(v.referenceValue);
  return valueText(v);
}

export function toDraft(name: string, v: Value): Draft {
  return { key: nextKey++, name, type: typeOf(v), text: draftText(v) };
}

export function newDraft(): Draft {
  return { key: nextKey++, name: '', type: 'string', text: '' };
}

/** A sensible starting text when the type of a draft changes. */
export function defaultText(type: FieldType): string {
  switch (type) {
    case 'integer':
      return '0';
    case 'double':
      return '0.0';
    case 'boolean':
      return 'true';
    case 'timestamp':
      return new Date().toISOString();
    case 'map':
      return '{}';
    case 'array':
      return '[]';
    case 'geopoint':
      return '0, 0';
    default:
      return '';
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The value a draft describes; throws an Error with a message for the user. */
export function fromDraft(d: Draft, database: string): Value {
  const text = d.text.trim();
  switch (d.type) {
    case 'string':
      return { stringValue: d.text };
    case 'integer': {
      if (!/^-?\d+$/.test(text)) throw new Error(`${d.name}: an integer is digits only.`);
      const n = BigInt(text);
      if (n < INT64_MIN || n > INT64_MAX) throw new Error(`${d.name}: outside 64-bit integers.`);
      return { integerValue: n.toString() };
    }
    case 'double': {
      const n = Number(text);
      if (text === '' || (Number.isNaN(n) && text !== 'NaN'))
        throw new Error(`${d.name}: not a number.`);
      return { doubleValue: Number.isFinite(n) ? n : text };
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new Error(`${d.name}: true or false.`);
      return { booleanValue: text === 'true' };
    case 'timestamp':
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/.test(text))
        throw new Error(`${d.name}: a timestamp is RFC 3339, e.g. 2026-05-01T12:00:00.123456Z.`);
      return { timestampValue: text };
    case 'reference': {
      const path = text.replace(/^\//, '');
      const name = path.startsWith('projects/') ? path : `${database}/documents/${path}`;
      if (name.split('/').length % 2 !== 0) throw new Error(`${d.name}: not a document path.`);
      return { referenceValue: name };
    }
    case 'geopoint': {
      const [lat, lng] = text.split(',').map((s) => Number(s.trim()));
      if (!(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180))
        throw new Error(`${d.name}: latitude, longitude (e.g. -23.55, -46.63).`);
      return { geoPointValue: { latitude: lat, longitude: lng } };
    }
    case 'bytes':
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
        throw new Error(`${d.name}: bytes are base64.`);
      return { bytesValue: text };
    case 'null':
      return { nullValue: null };
    case 'map':
    case 'array': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text || (d.type === 'map' ? '{}' : '[]'));
      } catch {
        throw new Error(`${d.name}: not valid JSON.`);
      }
      if (d.type === 'map') {
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          throw new Error(`${d.name}: a map is a JSON object of typed values.`);
        return { mapValue: { fields: parsed as Fields } };
      }
      if (!Array.isArray(parsed))
        throw new Error(`${d.name}: an array is a JSON list of typed values.`);
      return { arrayValue: { values: parsed as Value[] } };
    }
  }
}

/** The fields of a list of drafts; throws on an invalid or repeated name or value. */
export function fieldsFromDrafts(drafts: Draft[], database: string): Fields {
  const out: Fields = {};
  for (const d of drafts) {
    if (!d.name) throw new Error('Every field needs a name.');
    if (d.name in out) throw new Error(`The field ${d.name} appears twice.`);
    out[d.name] = fromDraft(d, database);
  }
  return out;
}
