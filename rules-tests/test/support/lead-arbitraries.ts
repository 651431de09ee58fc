/**
 * fast-check arbitraries of lead payloads for the property tests: valid ones as the two forms
 * write them, and malformed ones (wrong types, extra and missing keys, huge and odd unicode
 * strings, nested maps, lookalike list values). Every value is one the JS SDK will send. The
 * fields, their types, bounds and options come from the lead table (web/src/domain/lead.ts), so a
 * field added there is generated here, valid and malformed, without a change.
 */
import {
  formatSamples,
  heldStatus,
  knownDddList,
  matchesWhole,
  screeningLimits,
  phoneLimits,
  textFormats,
  type TextFormatName,
} from '@vagas/common';
import { Bytes, FieldValue, GeoPoint, serverTimestamp, Timestamp } from 'firebase/firestore';
import fc from 'fast-check';
import {
  callCenterJobs,
  leadStatuses,
  rootJobs,
  rootLocalities,
} from '../../../web/src/domain/options.js';
import {
  attachedLeadFields,
  callCenterLeadFields,
  fieldOptions,
  formFields,
  leadField,
  leadSourceTextFields,
  leadSourceTextLimits,
  optionalLeadFields,
  pinnedLeadFields,
  rootLeadFields,
  type LeadFieldName,
  type LeadForm,
} from '../../../web/src/domain/lead.js';
import { statusOnArrival } from '../../../web/src/domain/screening.js';

export type Payload = Record<string, unknown>;
export type Form = LeadForm;

/** The fields only the call-center form writes. */
const callCenterOnlyKeys: readonly LeadFieldName[] = callCenterLeadFields.filter(
  (field) => !rootLeadFields.includes(field),
);

/**
 * Every key each form writes (web/src/domain/lead.ts): its own fields, those the page attaches
 * (the device) and the pinned ones.
 */
export const formKeys: Record<Form, readonly string[]> = {
  root: [...rootLeadFields, ...attachedLeadFields, ...pinnedLeadFields],
  callCenter: [...callCenterLeadFields, ...attachedLeadFields, ...pinnedLeadFields],
};

// ---- Firestore values of every type the SDK can send ----------------------------------------

/** Characters that trip naive string handling: bidi overrides, zero-width, combining, astral. */
// prettier-ignore
const oddChars = [
  '\u202e', '\u200b', '\u200d', '\ufeff', '\u0301', '\u0007', '\n', '\t', 'ﬁ', 'ß', 'İ', '𝔘',
  '🇧🇷', '👩‍👩‍👧', '\u{10ffff}', '\u{e0001}', '"', "'", '\\', '$', '(', ')', '-', ' ', '9',
];
const oddString = fc.string({ unit: fc.constantFrom(...oddChars), minLength: 1, maxLength: 40 });
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  oddString,
);
/** A field name the SDK accepts in a set(): non-empty, not `__reserved__`. */
const fieldName = fc
  .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }), oddString)
  .filter((k) => !/^__.*__$/.test(k));

/** Any value but serverTimestamp(), which the SDK refuses inside arrays. */
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  anyString,
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => Timestamp.fromDate(d)),
  fc
    .tuple(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
    )
    .map(([lat, lng]) => new GeoPoint(lat, lng)),
  fc.uint8Array({ maxLength: 24 }).map((b) => Bytes.fromUint8Array(b)),
);

/** Arrays (never directly nested, as Firestore requires) and nested maps of those scalars. */
const { value: plainValue } = fc.letrec<{ value: unknown; array: unknown; map: unknown }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      tie('array'),
      tie('map'),
    ),
    array: fc.array(fc.oneof(scalar, tie('map')), { maxLength: 4 }),
    map: fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }),
  }),
);

const isServerTimestamp = (v: unknown): boolean =>
  v instanceof FieldValue && v.isEqual(serverTimestamp());

/** Any value the SDK can send as a field, server timestamps included. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: plainValue },
  { weight: 1, arbitrary: fc.constant(serverTimestamp()) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fieldName, fc.oneof(plainValue, fc.constant(serverTimestamp())), {
      minKeys: 1,
      maxKeys: 3,
    }),
  },
);

const nonString = anyValue.filter((v) => typeof v !== 'string');

// ---- Valid payloads ---------------------------------------------------------------------------

/** `digits` digits among the mask's characters, in any order, within the phone's length. */
const phoneWith = (digits: fc.Arbitrary<number>): fc.Arbitrary<string> =>
  digits
    .chain((count) =>
      fc.tuple(
        fc.array(fc.constantFrom(...'0123456789'), { minLength: count, maxLength: count }),
        fc.array(fc.constantFrom(...'() -'), {
          maxLength: Math.max(0, phoneLimits.maxLength - count),
        }),
      ),
    )
    .chain(([ds, marks]) => {
      const chars = [...ds, ...marks];
      return fc.shuffledSubarray(chars, { minLength: chars.length, maxLength: chars.length });
    })
    .map((chars) => chars.join(''));

/**
 * A value of a text format: any text its pattern accepts within its length (the pattern every
 * layer shares), its samples, and what test data is drawn from. Only well-formed text: the SDK
 * refuses a lone surrogate.
 */
const ofTextFormat = (name: TextFormatName, max: number): fc.Arbitrary<string> => {
  const { pattern, maxLength } = textFormats[name];
  const limit = Math.min(max, maxLength);
  return fc.oneof(
    // The smallest size: at larger ones a repeated group rarely stays within a phone's 15 characters.
    fc
      .stringMatching(new RegExp(`^(?:${pattern})$`, 'u'), { size: 'xsmall' })
      .filter((value) => value.length <= limit && !loneSurrogate.test(value)),
    fc.constantFrom(...formatSamples[name].valid.filter((value) => value.length <= limit)),
    fc.integer().map((seed) => textFormats[name].sample(seededRandom(seed))),
  );
};

/** With the u flag, a surrogate of a pair is part of its character: this finds only lone ones. */
const loneSurrogate = /[\uD800-\uDFFF]/u;

/** A deterministic stand-in for Math.random from a seed fast-check chose (so it shrinks). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Values a text format must refuse: its samples, and texts its pattern does not match. */
const notOfTextFormat = (name: TextFormatName): fc.Arbitrary<string> => {
  const { pattern } = textFormats[name];
  return fc.oneof(
    fc.constantFrom(...formatSamples[name].invalid),
    fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !matchesWhole(s, pattern)),
  );
};

/** A visit source as the public pages store it (web/src/domain/lead.ts LeadSource). */
const sourceText = fc.string({
  unit: 'grapheme',
  minLength: leadSourceTextLimits.min,
  maxLength: leadSourceTextLimits.max / 2,
});
export const validSource: fc.Arbitrary<Payload> = fc
  .tuple(
    fc.record(
      Object.fromEntries(leadSourceTextFields.map((field) => [field, sourceText])) as Record<
        (typeof leadSourceTextFields)[number],
        typeof sourceText
      >,
      { requiredKeys: [] },
    ),
    fc.boolean(),
  )
  .map(([texts, fbclid]) => ({ ...texts, fbclid }));

/** Either form may add a source, or not. */
const withOptionalSource = (fields: Payload): fc.Arbitrary<Payload> =>
  fc
    .option(validSource, { nil: undefined })
    .map((source) => (source ? { ...fields, source } : fields));

const newLeadFields = () => ({
  status: 'novo',
  created_at: serverTimestamp(),
  deleted_at: null,
});

/** The options `form` offers for an option field. */
const optionsOf = (form: Form, name: LeadFieldName): readonly string[] => {
  const options = fieldOptions(name, form);
  if (!options) throw new Error(`the ${form} form has no options for ${name}`);
  return options;
};

/** A valid value of a field a form sends, by its type, bounds and format. */
function validValue(form: Form, name: LeadFieldName): fc.Arbitrary<unknown> {
  const field = leadField(name);
  switch (field.type) {
    case 'option':
      return fc.constantFrom(...optionsOf(form, name));
    case 'int':
      return fc.integer({ min: field.min, max: field.max });
    case 'bool':
      return fc.boolean();
    case 'text':
      if (field.format) return ofTextFormat(field.format, field.max);
      // Half the bound in code points: an astral one counts twice in UTF-16.
      return fc.string({
        unit: 'binary',
        minLength: field.min,
        maxLength: Math.floor(field.max / 2),
      });
    default:
      throw new Error(`no valid values for ${name}`);
  }
}

/**
 * The screening's signals as a page sends them (the honeypot mostly empty, sometimes what a
 * script typed), or none (a page older than the screening).
 */
const validSignals: fc.Arbitrary<Payload> = fc.record(
  {
    honeypot: fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      fc.string({
        unit: 'grapheme',
        minLength: 1,
        maxLength: screeningLimits.honeypotMaxLength / 4,
      }),
    ),
    fill_seconds: fc.integer({ min: 0, max: screeningLimits.maxFillSeconds }),
  },
  { requiredKeys: [] },
);

/**
 * What `form` writes: each of its fields valid, the device, the pinned ones, maybe a source and the signals;
 * the status the page gives it (set aside when doubtful), or set aside though it is not.
 */
const validFormLead = (form: Form): fc.Arbitrary<Payload> =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(
          [...formFields(form), ...attachedLeadFields].map((name) => [
            name,
            validValue(form, name),
          ]),
        ),
      ),
      validSignals,
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([fields, signals, oneInTen]) => {
      const lead: Payload = { ...fields, ...signals, ...newLeadFields() };
      return {
        ...lead,
        status: oneInTen === 0 ? heldStatus : statusOnArrival(lead),
      };
    })
    .chain(withOptionalSource);

export const validRootLead: fc.Arbitrary<Payload> = validFormLead('root');
export const validCallCenterLead: fc.Arbitrary<Payload> = validFormLead('callCenter');

export const validLead: fc.Arbitrary<{ form: Form; data: Payload }> = fc.oneof(
  validRootLead.map((data) => ({ form: 'root' as const, data })),
  validCallCenterLead.map((data) => ({ form: 'callCenter' as const, data })),
);

// ---- Malformed payloads: a valid one with one defect, or junk -----------------------------------

/** A string that looks like a list value but is not one of `allowed`. */
const lookalike = (allowed: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom(...allowed, ...callCenterJobs, ...rootJobs, ...rootLocalities),
      fc.constantFrom<(s: string) => string>(
        (s) => `${s} `,
        (s) => ` ${s}`,
        (s) => s.toUpperCase(),
        (s) => s.toLowerCase(),
        (s) => s.normalize('NFD'),
        (s) => `\u200b${s}`,
        (s) => s.replace('a', 'а'), // Cyrillic a
        (s) => s.slice(0, -1),
        (s) => `[Outra] ${s}`,
        (s) => `[conecta] ${s}`,
        (s) => s,
      ),
    )
    .map(([s, f]) => f(s))
    .filter((s) => !allowed.includes(s));

const notIn = (allowed: readonly string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    nonString,
    lookalike(allowed),
    anyString.filter((s) => !allowed.includes(s)),
  );

/** A huge string: well past `max` (every size limit by default), below the 1 MiB document limit. */
const hugeStringOver = (max: number) =>
  fc
    .tuple(
      fc.integer({ min: max + 1, max: Math.max(100_000, max + 1) }),
      fc.constantFrom('x', 'ç', '🌻', '\u202e', ' '),
    )
    .map(([n, c]) => c.repeat(n));
const hugeString = hugeStringOver(200);

/** Values `source` must never take: not a map, a missing or non-boolean fbclid, bad texts, extra keys. */
const badSource: fc.Arbitrary<unknown> = fc.oneof(
  anyValue.filter((v) => !(v && typeof v === 'object' && 'fbclid' in v)),
  validSource.map(({ fbclid: _, ...rest }) => rest),
  fc
    .tuple(
      validSource,
      anyValue.filter((v) => typeof v !== 'boolean'),
    )
    .map(([source, fbclid]) => ({ ...source, fbclid })),
  fc
    .tuple(
      validSource,
      fc.constantFrom(...leadSourceTextFields),
      fc.oneof(
        nonString,
        fc.constant(''),
        hugeString,
        fc.string({
          unit: 'grapheme-ascii',
          minLength: leadSourceTextLimits.max + 1,
          maxLength: 300,
        }),
      ),
    )
    .map(([source, field, value]) => ({ ...source, [field]: value })),
  fc
    .tuple(
      validSource,
      fieldName.filter(
        (k) => !(leadSourceTextFields as readonly string[]).includes(k) && k !== 'fbclid',
      ),
      anyValue,
    )
    .map(([source, key, value]) => ({ ...source, [key]: value })),
);

/** Values a field a form sends must never take, by its type and bounds in the lead table. */
function badFormValue(form: Form, name: LeadFieldName): fc.Arbitrary<unknown> {
  const field = leadField(name);
  switch (field.type) {
    case 'option':
      return notIn(optionsOf(form, name));
    case 'int':
      return fc.oneof(
        nonString.filter((v) => typeof v !== 'number' || !Number.isInteger(v)),
        fc.integer({ max: field.min - 1 }),
        fc.integer({ min: field.max + 1 }),
        fc.integer({ min: field.min, max: field.max }).map(String),
        fc
          .double({ min: field.min, max: field.max, noNaN: true })
          .filter((d) => !Number.isInteger(d)),
      );
    case 'bool':
      return anyValue.filter((v) => typeof v !== 'boolean');
    case 'text':
      return fc.oneof(
        nonString,
        ...(field.min > 0 ? [fc.constant('')] : []),
        hugeStringOver(field.max),
        fc.string({ unit: 'binary', minLength: field.max + 1, maxLength: field.max * 2 }),
        ...(field.format ? [notOfTextFormat(field.format)] : []),
      );
    default:
      throw new Error(`no bad values for ${name}`);
  }
}

/** For each field, values that field must never take in a new lead of `form`. */
function badValue(form: Form, field: string): fc.Arbitrary<unknown> {
  switch (field) {
    case 'whatsapp':
      return fc.oneof(
        badFormValue(form, 'whatsapp'),
        fc.string({ unit: fc.constantFrom(...'0123456789() -'), minLength: 16, maxLength: 40 }),
        // Not a full number: too few digits (a number cut short, like '(75) 9'), or too many.
        phoneWith(fc.integer({ min: 0, max: phoneLimits.minDigits - 1 })).filter((v) => v !== ''),
        phoneWith(fc.integer({ min: phoneLimits.maxDigits + 1, max: phoneLimits.maxLength })),
        fc
          .tuple(
            ofTextFormat('phone', phoneLimits.maxLength),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            fc.nat(),
          )
          .filter(([, bad]) => /[^0-9() -]/u.test(bad))
          .map(([ok, bad, at]) => ok.slice(0, at % 15) + bad + ok.slice(at % 15)),
      );
    case 'status':
      return fc.oneof(
        fc.constantFrom(...leadStatuses.filter((s) => s !== 'novo'), 'Novo', 'novo ', 'Suspeito'),
        anyValue.filter((v) => v !== 'novo' && v !== heldStatus),
      );
    case 'created_at':
      // Anything but serverTimestamp(): a client clock, a string, null, ...
      return anyValue.filter((v) => !isServerTimestamp(v));
    case 'deleted_at':
      return anyValue.filter((v) => v !== null);
    case 'source':
      return badSource;
    default:
      return badFormValue(form, field as LeadFieldName);
  }
}

export interface Malformed {
  kind: string;
  data: Payload;
}

/** `base` with one kind of defect; each result is invalid both as a create and as a retry of base. */
export function malformedFrom({
  form,
  data,
}: {
  form: Form;
  data: Payload;
}): fc.Arbitrary<Malformed> {
  const keys = formKeys[form];
  return fc.oneof(
    // A required key missing.
    fc.constantFrom(...keys).map((key) => {
      const rest = { ...data };
      delete rest[key];
      return { kind: 'missing key', data: rest };
    }),
    // One field with a wrong type, bound or list value (weighted: it covers the most ground).
    {
      weight: 4,
      arbitrary: fc.constantFrom(...keys).chain((field) =>
        badValue(form, field).map((value) => ({
          kind: `bad ${field}`,
          data: { ...data, [field]: value },
        })),
      ),
    },
    // One optional field with a value it must never take.
    badValue(form, 'source').map((value) => ({
      kind: 'bad source',
      data: { ...data, source: value },
    })),
    // One extra key, with any value.
    fc
      .tuple(
        fieldName.filter(
          (k) => !keys.includes(k) && !(optionalLeadFields as readonly string[]).includes(k),
        ),
        anyValue,
      )
      .map(([key, value]) => ({ kind: 'extra key', data: { ...data, [key]: value } })),
    // The other form's keys: only one of the call-center fields on a root lead, or both of them
    // with a root job; a call-center lead without them.
    form === 'root'
      ? fc
          .record(
            Object.fromEntries(callCenterOnlyKeys.map((k) => [k, validValue('callCenter', k)])),
            { requiredKeys: [] },
          )
          .map((extra) => ({ kind: 'mixed forms', data: { ...data, ...extra } }))
          .filter(({ data: d }) => Object.keys(d).length > Object.keys(data).length)
      : fc.constant({
          kind: 'mixed forms',
          data: Object.fromEntries(
            Object.entries(data).filter(([k]) => !(callCenterOnlyKeys as string[]).includes(k)),
          ),
        }),
    // Several defects at once.
    fc.shuffledSubarray([...keys], { minLength: 2, maxLength: 5 }).chain((fields) =>
      fc.tuple(...fields.map((field) => badValue(form, field))).map((values) => ({
        kind: 'several defects',
        data: { ...data, ...Object.fromEntries(fields.map((f, i) => [f, values[i]])) },
      })),
    ),
    // The whole lead nested one level down.
    fc.constant({ kind: 'nested lead', data: { lead: data } }),
    // Doubtful by what the page sent, yet stored as new: a honeypot filled, a DDD not in use.
    fc
      .tuple(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
        fc.boolean(),
      )
      .filter(([, ddd]) => !knownDddList.includes(ddd))
      .map(([text, ddd, honeypot]) => ({
        kind: 'doubtful as new',
        data: {
          ...data,
          ...(honeypot ? { honeypot: text } : { whatsapp: `(${ddd}) 98123-4567` }),
          status: 'novo',
        },
      })),
  );
}

export const malformedLead: fc.Arbitrary<Malformed> = fc.oneof(
  { weight: 12, arbitrary: validLead.chain(malformedFrom) },
  // Junk maps that are no lead at all.
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fieldName, anyValue, { minKeys: 0, maxKeys: 8 })
      .map((data) => ({ kind: 'junk map', data })),
  },
);
