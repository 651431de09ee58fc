/**
 * The part of firestore.rules generated from the web app's single descriptions: the lead's key
 * lists, option lists and per-field checks from web/src/domain/lead.ts `leadFields`, the settings'
 * limits from web/src/domain/options.ts, the per-device limit from web/src/domain/device-limit.ts,
 * and for the fields whose options are a vacancy list (the table's `vacancies`) the check of a new
 * lead against its vacancy document and what such a document's value must be
 * (web/src/domain/vacancies.ts). `npm run sync-rules -w rules-tests` writes the block between the
 * markers; test/generated-rules.test.ts fails when the rules and the modules differ. The
 * hand-written rules compose these functions (keys, then fields).
 */
import { knownDddPattern, textFormats } from '@vagas/common';
import {
  leadFields,
  leadForms,
  type LeadField,
  type LeadForm,
  type LeadSubField,
} from '../../web/src/domain/lead.js';
import { deviceLimit, deviceSlotKeys } from '../../web/src/domain/device-limit.js';
import { redirectTimeLimits } from '../../web/src/domain/options.js';
import { vacancyIdSeparator, vacancyLimits } from '../../web/src/domain/vacancies.js';

export const BEGIN_MARKER = '    // BEGIN GENERATED FROM web/src/domain';
export const END_MARKER = '    // END GENERATED FROM web/src/domain';

/** A lead table: web/src/domain/lead.ts `leadFields`, or a changed copy (tests). */
export type LeadTable = Readonly<Record<string, LeadField>>;

/** A rules string literal (single quotes, backslash escapes). */
const quote = (value: string): string => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
const list = (values: readonly string[]): string => `[${values.map(quote).join(', ')}]`;
const pascal = (name: string): string =>
  name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const camel = (name: string): string => {
  const p = pascal(name);
  return p[0].toLowerCase() + p.slice(1);
};

const writes = (field: LeadField, form: LeadForm) =>
  Array.isArray(field.writtenBy) && field.writtenBy.includes(form);
/** Admins may change it: a managed field, or one only admins ever write. */
const isManaged = (field: LeadField) => field.managed === true || field.writtenBy === 'admin';
const names = (table: LeadTable) => Object.keys(table);

/** The rules function returning `name`'s options (for `form` when the forms differ). */
function optionsFunction(name: string, field: LeadField, form: LeadForm): string {
  if (field.type === 'status' || (field.type === 'option' && Array.isArray(field.options))) {
    return `${camel(name)}Options`;
  }
  return `${form}${pascal(name)}Options`;
}

/** Every option list of the table, by the name of the rules function that returns it. */
function optionLists(table: LeadTable): [string, readonly string[]][] {
  const lists = new Map<string, readonly string[]>();
  for (const name of names(table)) {
    const field = table[name];
    if (field.type === 'status') lists.set(optionsFunction(name, field, 'root'), field.options);
    // A vacancy list is checked against its documents, not a list.
    if (field.type !== 'option' || field.vacancies) continue;
    for (const form of leadForms) {
      if (!writes(field, form)) continue;
      const options = Array.isArray(field.options)
        ? (field.options as readonly string[])
        : (field.options as Partial<Record<LeadForm, readonly string[]>>)[form];
      if (!options) throw new Error(`${name} has no options for the ${form} form`);
      lists.set(optionsFunction(name, field, form), options);
    }
  }
  return [...lists];
}

/** The check of one value (`value` is a rules expression); a list of clauses joined by &&. */
function valueChecks(
  value: string,
  field: LeadField | LeadSubField,
  name: string,
  form: LeadForm,
): string[] {
  switch (field.type) {
    case 'text':
      return [
        `isStringOfSize(${value}, ${field.min}, ${field.max})`,
        ...('format' in field && field.format
          ? [`${value}.matches(${quote(textFormats[field.format].pattern)})`]
          : []),
      ];
    case 'int':
      return [`isIntBetween(${value}, ${field.min}, ${field.max})`];
    case 'bool':
      return [`${value} is bool`];
    case 'option':
      // Only a lead's own fields have vacancy lists: the new lead is `data`.
      if ('vacancies' in field && field.vacancies) {
        return [`isOpenVacancy(${quote(form)}, ${quote(field.vacancies)}, ${value}, data)`];
      }
      // A map's option field lists its options in place (only lead fields have options functions).
      return 'writtenBy' in field
        ? [`${value} in ${optionsFunction(name, field, form)}()`]
        : [`${value} in ${list(field.options as readonly string[])}`];
    case 'time':
      // A date an admin chose: a timestamp, not absurdly far ahead.
      return [
        `${value} is timestamp`,
        `${value} <= request.time + duration.value(${field.maxAheadDays}, 'd')`,
      ];
    case 'map':
      return [`isValidLead${pascal(name)}(${value})`];
    case 'deviceTime':
      // The device's clock: not (much) after the write, not older than the bound.
      return [
        `${value} is timestamp`,
        `${value} <= request.time + duration.value(${field.maxAheadMinutes}, 'm')`,
        `${value} >= request.time - duration.value(${field.maxAgeDays}, 'd')`,
      ];
    default:
      throw new Error(`${name}: a ${field.type} field is set by the system, not by a form`);
  }
}

/** A field's clauses in `data`; an optional one is checked only when present. */
function fieldChecks(
  data: string,
  name: string,
  field: LeadField | LeadSubField,
  form: LeadForm,
): string[] {
  const checks = valueChecks(`${data}.${name}`, field, name, form);
  if (!field.optional) return checks;
  return [`(!(${quote(name)} in ${data}) || ${checks.join(' && ')})`];
}

/**
 * What every new lead carries (system fields): the value the rules pin. The status is its initial
 * one unless the lead is doubtful at write time, or the held one (a page that sets its
 * application aside; a lead may always set itself aside).
 */
function initialCheck(name: string, field: LeadField): string {
  if (field.type === 'status') {
    return `((data.${name} == ${quote(field.initial)} && !isDoubtfulNewLead(data)) || data.${name} == ${quote(field.held)})`;
  }
  if (field.type === 'timestamp') {
    return field.initial === 'serverTime' ? `data.${name} == request.time` : `data.${name} == null`;
  }
  throw new Error(`${name}: a system field needs an initial value`);
}

/**
 * What an admin may set a managed field to. A field only admins write is missing on most leads,
 * so it is checked when the write changes it: a time is the write's, a responsible is an admin.
 */
function managedCheck(name: string, field: LeadField): string {
  if (field.writtenBy === 'admin') {
    const nullable = 'nullable' in field && field.nullable === true;
    const check =
      field.type === 'admin'
        ? `data.${name} == null || isAssignableAdmin(data.${name})`
        : field.type === 'timestamp' && field.setTo === 'serverTime'
          ? `data.${name} == request.time`
          : field.type === 'batch'
            ? `data.${name} == null || isStringOfSize(data.${name}, 1, ${field.max})`
            : [
                ...(nullable ? [`data.${name} == null ||`] : []),
                fieldChecks('data', name, field, 'root').join(' && '),
              ].join(' ');
    return `(!changedKeys().hasAny([${quote(name)}]) || ${check})`;
  }
  if (field.type === 'status') {
    // A held lead stays held until released; no admin puts a lead there.
    return `(data.${name} in ${optionsFunction(name, field, 'root')}() || (data.${name} == ${quote(field.held)} && resource.data.${name} == ${quote(field.held)}))`;
  }
  if (field.type === 'timestamp') {
    return field.nullable
      ? `(data.${name} == null || data.${name} is timestamp)`
      : `data.${name} is timestamp`;
  }
  return fieldChecks('data', name, field, 'root').join(' && ');
}

/** `function name(param) { return c1 && c2 ...; }`, one clause a line. */
function checkFunction(comment: string, name: string, param: string, clauses: string[]): string[] {
  const body = clauses.length ? clauses : ['true'];
  return [
    `    // ${comment}`,
    `    function ${name}(${param}) {`,
    `      return ${body[0]}${body.length === 1 ? ';' : ''}`,
    ...body.slice(1).map((clause, i) => `        && ${clause}${i === body.length - 2 ? ';' : ''}`),
    '    }',
  ];
}

const formChecks = (table: LeadTable, form: LeadForm, name: string) =>
  fieldChecks('data', name, table[name], form).join('\n');

/**
 * The checks of new leads: those that are the same for every form (in isValidNewLeadCommon, with
 * the pinned system fields) and each form's own (isValid<Form>LeadFields).
 */
function leadCheckFunctions(table: LeadTable): string[] {
  const common: string[] = [];
  const own = new Map<LeadForm, string[]>(leadForms.map((form) => [form, []]));
  for (const name of names(table)) {
    const field = table[name];
    if (field.writtenBy === 'admin' || field.writtenBy === 'server') continue;
    if (field.writtenBy === 'system') {
      common.push(initialCheck(name, field));
      continue;
    }
    const forms = leadForms.filter((form) => writes(field, form));
    const same =
      forms.length === leadForms.length &&
      forms.every((form) => formChecks(table, form, name) === formChecks(table, forms[0], name));
    if (same) common.push(...fieldChecks('data', name, field, forms[0]));
    else for (const form of forms) own.get(form)?.push(...fieldChecks('data', name, field, form));
  }
  const lines = checkFunction(
    'Each field every new lead has, valid: the same for every form (the keys are checked apart).',
    'isValidNewLeadCommon',
    'data',
    common,
  );
  for (const form of leadForms) {
    lines.push(
      ...checkFunction(
        `The ${form} form's other fields (not the same for every form), valid.`,
        `isValid${pascal(form)}LeadFields`,
        'data',
        own.get(form) ?? [],
      ),
    );
  }
  return lines;
}

/** What makes a new lead doubtful at write time: one clause per `doubtful` field. */
function doubtClause(name: string, field: LeadField): string {
  switch (field.doubtful) {
    case 'filled':
      return field.optional
        ? `(${quote(name)} in data && data.${name} != '')`
        : `data.${name} != ''`;
    case 'unknownDdd':
      return `!data.${name}.matches(${quote(knownDddPattern)})`;
    default:
      throw new Error(`${name}: no doubt to check`);
  }
}

/** `isDoubtfulNewLead`: any of the table's doubtful values (then the lead must be held). */
function doubtFunction(table: LeadTable): string[] {
  const clauses = names(table)
    .filter((name) => table[name].doubtful)
    .map((name) => doubtClause(name, table[name]));
  const body = clauses.length ? clauses : ['false'];
  return [
    '    // A new lead doubtful by what its page sent (a honeypot filled, a DDD not in use): it must',
    '    // be stored set aside (the screening: @vagas/common screening.ts writeTimeSignals).',
    '    function isDoubtfulNewLead(data) {',
    `      return ${body[0]}${body.length === 1 ? ';' : ''}`,
    ...body.slice(1).map((clause, i) => `        || ${clause}${i === body.length - 2 ? ';' : ''}`),
    '    }',
  ];
}

/** A validator for each map field a form writes: exactly its keys, each valid. */
function mapCheckFunctions(table: LeadTable): string[] {
  const lines: string[] = [];
  for (const name of names(table)) {
    const field = table[name];
    if (field.type !== 'map' || field.writtenBy === 'server') continue;
    const subfields = Object.entries(field.fields);
    const required = subfields.filter(([, sub]) => !sub.optional).map(([key]) => key);
    const clauses = [
      `${name} is map`,
      `${name}.keys().hasAll(${list(required)})`,
      `${name}.keys().hasOnly(${list(subfields.map(([key]) => key))})`,
      ...subfields.flatMap(([key, sub]) => fieldChecks(name, key, sub, 'root')),
    ];
    lines.push(
      ...checkFunction(
        `The lead's ${name}: a map with exactly these keys, each valid.`,
        `isValidLead${pascal(name)}`,
        name,
        clauses,
      ),
    );
  }
  return lines;
}

/** The fields whose options are a vacancy list, for each form that writes them. */
function vacancyLists(table: LeadTable) {
  return names(table).flatMap((name) => {
    const field = table[name];
    if (field.type !== 'option' || !field.vacancies) return [];
    const kind = field.vacancies;
    const input = field.input?.kind === 'select' ? field.input : undefined;
    return leadForms
      .filter((form) => writes(field, form))
      .map((form) => ({ form, kind, style: input?.style ?? {} }));
  });
}

/**
 * A new lead's value of a vacancy list: the form's vacancy of that value exists and is open, or
 * was closed after the device's time of an application that waited on the device (the table's
 * deviceTime field), so nothing a candidate sent is refused for a change made meanwhile.
 */
function vacancyCheckFunctions(table: LeadTable): string[] {
  if (vacancyLists(table).length === 0) return [];
  const waited = names(table).find((name) => table[name].type === 'deviceTime');
  const sep = quote(vacancyIdSeparator);
  const open = 'get(vacancy).data.open == true';
  const condition = waited
    ? [
        `(${open}`,
        `  || (${quote(waited)} in data && data.${waited} < get(vacancy).data.closed_at));`,
      ]
    : [`${open};`];
  return [
    "    // The id of the vacancy of a form's value: the form, the kind and the value.",
    '    function vacancyDocumentId(form, kind, value) {',
    `      return form + ${sep} + kind + ${sep} + value;`,
    '    }',
    "    // A value of the form's vacancy list (vacancies/{form~kind~value}): open, or closed after the",
    "    // device's time of an application that waited on the device.",
    '    function isOpenVacancy(form, kind, value, data) {',
    '      let vacancy = /databases/$(database)/documents/vacancies/$(vacancyDocumentId(form, kind, value));',
    '      return value is string',
    '        && exists(vacancy)',
    `        && ${condition[0]}`,
    ...condition.slice(1).map((line) => `        ${line}`),
    '    }',
  ];
}

/**
 * What a vacancy document's value must be: for each form and kind, the form's prefix, then the
 * group and its separator when the list has groups, then the label (lead.ts OptionStyle).
 */
function vacancyValueFunction(table: LeadTable): string[] {
  const lists = vacancyLists(table);
  if (lists.length === 0) return [];
  const cases = lists.map(({ form, kind, style }) => {
    const prefix = style.prefix?.[form] ? `${quote(style.prefix[form])} + ` : '';
    const alone = `data.value == ${prefix}data.label`;
    const value = style.groupSeparator
      ? `(data.group == null ? ${alone} : (isStringOfSize(data.group, ${vacancyLimits.group.min}, ${vacancyLimits.group.max}) && data.value == ${prefix}data.group + ${quote(style.groupSeparator)} + data.label))`
      : `data.group == null && ${alone}`;
    return `(data.form == ${quote(form)} && data.kind == ${quote(kind)} && ${value})`;
  });
  return [
    "    // A vacancy's value as its form stores the label (and group) of its kind.",
    '    function isValidVacancyValue(data) {',
    `      return ${cases.join('\n        || ')};`,
    '    }',
  ];
}

/** The rules functions returning a list or a number, by name. */
export function generatedValues(
  table: LeadTable = leadFields,
): Record<string, readonly string[] | number> {
  const fieldNames = names(table);
  const systemKeys = fieldNames.filter((name) => table[name].writtenBy === 'system');
  const formKeys = (form: LeadForm) =>
    fieldNames.filter((name) => writes(table[name], form) && !table[name].optional);
  return {
    ...Object.fromEntries(
      leadForms.map((form) => [`${form}LeadKeys`, [...formKeys(form), ...systemKeys]]),
    ),
    optionalLeadKeys: fieldNames.filter((name) => table[name].optional),
    managedLeadKeys: fieldNames.filter((name) => isManaged(table[name])),
    serverLeadKeys: fieldNames.filter((name) => table[name].writtenBy === 'server'),
    ...Object.fromEntries(optionLists(table)),
    minRedirectTime: redirectTimeLimits.min,
    maxRedirectTime: redirectTimeLimits.max,
    deviceSlotKeys,
    deviceWindowMinutes: deviceLimit.windowMinutes,
    ...(vacancyLists(table).length > 0
      ? {
          maxVacancyLabel: vacancyLimits.label.max,
          maxVacancyOrder: vacancyLimits.order.max,
        }
      : {}),
  };
}

/** The generated block, markers included, exactly as it must appear in firestore.rules. */
export function renderGeneratedRules(table: LeadTable = leadFields): string {
  const lines = [
    BEGIN_MARKER,
    '    // The lead (web/src/domain/lead.ts leadFields), the settings limits (options.ts), the',
    '    // per-device limit (device-limit.ts) and the vacancy lists (vacancies.ts), written by',
    '    // `npm run sync-rules -w rules-tests`: do not edit.',
    '    // rules-tests/test/generated-rules.test.ts fails when this block and the modules differ.',
  ];
  for (const [name, value] of Object.entries(generatedValues(table))) {
    const body = typeof value === 'number' ? String(value) : list(value);
    lines.push(`    function ${name}() {`, `      return ${body};`, '    }');
  }
  lines.push(
    ...leadCheckFunctions(table),
    ...doubtFunction(table),
    ...mapCheckFunctions(table),
    ...vacancyCheckFunctions(table),
    ...vacancyValueFunction(table),
  );
  const managed = names(table).filter((name) => isManaged(table[name]));
  lines.push(
    ...checkFunction(
      'The fields an admin may change, valid.',
      'isValidManagedLeadFields',
      'data',
      managed.map((name) => managedCheck(name, table[name])),
    ),
  );
  lines.push(END_MARKER);
  return lines.join('\n');
}

/** The generated block currently in `rulesSource`, or null when the markers are missing. */
export function extractGeneratedRules(rulesSource: string): string | null {
  const start = rulesSource.indexOf(BEGIN_MARKER);
  const end = rulesSource.indexOf(END_MARKER);
  if (start < 0 || end < start) return null;
  return rulesSource.slice(start, end + END_MARKER.length);
}

/** `rulesSource` with its generated block replaced by the current one. */
export function syncGeneratedRules(rulesSource: string): string {
  const current = extractGeneratedRules(rulesSource);
  if (current === null) throw new Error(`firestore.rules has no "${BEGIN_MARKER.trim()}" block`);
  return rulesSource.replace(current, () => renderGeneratedRules());
}
