/**
 * firestore.rules carries exactly what web/src/domain describes: the generated block is up to date,
 * its lists read back as the web app's own, every generated function is used, and a change to the
 * lead table shows up in the block (so forgetting `npm run sync-rules` fails here). No emulator.
 */
import { readFileSync } from 'node:fs';
import { heldStatus, knownDddPattern, screeningLimits, textFormats } from '@vagas/common';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../web/src/config/app-config.js';
import { deviceLimit, deviceSlotKeys } from '../../web/src/domain/device-limit.js';
import {
  attachedLeadFields,
  callCenterLeadFields,
  callCenterVaga,
  leadField,
  leadFields,
  managedLeadFields,
  optionalLeadFields,
  pinnedLeadFields,
  rootLeadFields,
  serverLeadFields,
} from '../../web/src/domain/lead.js';
import {
  experienceOptions,
  leadStatuses,
  redirectTimeLimits,
} from '../../web/src/domain/options.js';
import { vacancyIdSeparator, vacancyLimits } from '../../web/src/domain/vacancies.js';
import {
  extractGeneratedRules,
  generatedValues,
  renderGeneratedRules,
  type LeadTable,
} from '../src/generated-rules.js';
import { rulesFile } from './support/rules-file.js';

const rules = readFileSync(rulesFile, 'utf8');

/** The value a zero-argument rules function returns, parsed from the rules source itself. */
function rulesFunctionValue(name: string): string[] | number {
  const match = new RegExp(`function ${name}\\(\\)\\s*\\{\\s*return ([^;]*);\\s*\\}`).exec(rules);
  if (!match) throw new Error(`firestore.rules has no function ${name}()`);
  const body = match[1].trim();
  if (/^\d+$/.test(body)) return Number(body);
  expect(body.startsWith('[') && body.endsWith(']')).toBe(true);
  const literals = [...body.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) =>
    m[1].replace(/\\(.)/g, '$1'),
  );
  // Nothing in the list but those literals, commas and spaces.
  expect(
    body
      .slice(1, -1)
      .replace(/'((?:[^'\\]|\\.)*)'/g, '')
      .replace(/[\s,]/g, ''),
  ).toBe('');
  return literals;
}

/** The clauses of a generated check function, one a line. */
function checkClauses(block: string, name: string): string[] {
  // Up to the function's closing brace (a clause may hold braces: the WhatsApp pattern's repeat).
  const match = new RegExp(`function ${name}\\(\\w+\\) \\{\\n([\\s\\S]*?)\\n    \\}`).exec(block);
  if (!match) throw new Error(`no function ${name}`);
  return match[1].split('\n').map((line) => line.trim().replace(/^(return|&&) /, ''));
}

describe('the generated block of firestore.rules', () => {
  it('is up to date with web/src/domain (npm run sync-rules -w rules-tests)', () => {
    expect(extractGeneratedRules(rules)).toBe(renderGeneratedRules());
  });

  it.each([
    ['tempoExperienciaOptions', [...experienceOptions]],
    ['statusOptions', [...leadStatuses]],
  ])('%s() is exactly the list in web/src/domain/options.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toEqual(expected);
  });

  it('checks vaga and cidade against the form’s vacancy documents, not a list', () => {
    const block = extractGeneratedRules(rules) ?? '';
    for (const [form, fn] of [
      ['root', 'isValidRootLeadFields'],
      ['callCenter', 'isValidCallCenterLeadFields'],
    ] as const) {
      const clauses = checkClauses(block, fn);
      expect(clauses).toContain(`isOpenVacancy('${form}', 'job', data.vaga, data)`);
      expect(clauses).toContain(`isOpenVacancy('${form}', 'locality', data.cidade, data)`);
    }
    expect(block).not.toMatch(/VagaOptions|CidadeOptions/);
    // The id the rules look a value up by is the one the app writes (vacancies.ts vacancyId).
    expect(block).toContain(
      `return form + '${vacancyIdSeparator}' + kind + '${vacancyIdSeparator}' + value;`,
    );
    // A closed vacancy still takes a lead its candidate sent before the closing.
    expect(block).toContain(
      "('submitted_at' in data && data.submitted_at < get(vacancy).data.closed_at)",
    );
  });

  it("a vacancy's value is the form's prefix, then the group, then the label", () => {
    const block = extractGeneratedRules(rules) ?? '';
    const prefix = callCenterVaga('');
    expect(prefix).toBe(`[${appConfig.callCenterEmployer.name}] `);
    expect(block).toContain(
      `(data.form == 'callCenter' && data.kind == 'job' && data.group == null && data.value == '${prefix}' + data.label)`,
    );
    expect(block).toContain(
      "(data.form == 'root' && data.kind == 'job' && data.group == null && data.value == data.label)",
    );
    expect(block).toContain("data.value == data.group + ' - ' + data.label");
  });

  it.each([
    ['maxVacancyLabel', vacancyLimits.label.max],
    ['maxVacancyOrder', vacancyLimits.order.max],
  ])('%s() is the limit in vacancies.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toBe(expected);
  });

  it.each([
    ['rootLeadKeys', [...rootLeadFields, ...attachedLeadFields, ...pinnedLeadFields]],
    ['callCenterLeadKeys', [...callCenterLeadFields, ...attachedLeadFields, ...pinnedLeadFields]],
    ['optionalLeadKeys', [...optionalLeadFields]],
    ['managedLeadKeys', [...managedLeadFields]],
    ['serverLeadKeys', [...serverLeadFields]],
  ])('%s() is exactly the key list of web/src/domain/lead.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toEqual(expected);
  });

  it.each([
    ['minRedirectTime', redirectTimeLimits.min],
    ['maxRedirectTime', redirectTimeLimits.max],
  ])('%s() is the limit in options.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toBe(expected);
  });

  it('deviceSlotKeys() and deviceWindowMinutes() are the per-device limit of device-limit.ts', () => {
    expect(rulesFunctionValue('deviceSlotKeys')).toEqual([...deviceSlotKeys]);
    expect(rulesFunctionValue('deviceSlotKeys')).toHaveLength(deviceLimit.applications);
    expect(rulesFunctionValue('deviceWindowMinutes')).toBe(deviceLimit.windowMinutes);
  });

  it('checks each field with the bounds of the lead table', () => {
    const block = extractGeneratedRules(rules) ?? '';
    // Each text both forms send: its length, then its format's pattern (as a rules string).
    const texts = rootLeadFields.filter(
      (name) => callCenterLeadFields.includes(name) && leadField(name).type === 'text',
    );
    const textChecks = texts.flatMap((name) => {
      const field = leadField(name);
      if (field.type !== 'text') return [];
      const pattern = field.format && textFormats[field.format].pattern.replace(/\\/g, '\\\\');
      return [
        `isStringOfSize(data.${name}, ${field.min}, ${field.max})`,
        ...(pattern ? [`data.${name}.matches('${pattern}')`] : []),
      ];
    });
    expect(textChecks.slice(0, 3)).toEqual([
      `isStringOfSize(data.nome, ${leadFields.nome.min}, ${leadFields.nome.max})`,
      `isStringOfSize(data.whatsapp, ${leadFields.whatsapp.min}, ${leadFields.whatsapp.max})`,
      `data.whatsapp.matches('${textFormats.phone.pattern}')`,
    ]);
    expect(checkClauses(block, 'isValidNewLeadCommon')).toEqual([
      ...textChecks,
      "(!('source' in data) || isValidLeadSource(data.source))",
      "(!('submitted_at' in data) || data.submitted_at is timestamp && " +
        `data.submitted_at <= request.time + duration.value(${leadFields.submitted_at.maxAheadMinutes}, 'm') && ` +
        `data.submitted_at >= request.time - duration.value(${leadFields.submitted_at.maxAgeDays}, 'd'))`,
      `isStringOfSize(data.device, ${leadFields.device.min}, ${leadFields.device.max})`,
      `data.device.matches('${textFormats.deviceId.pattern}')`,
      `(!('honeypot' in data) || isStringOfSize(data.honeypot, 0, ${screeningLimits.honeypotMaxLength}))`,
      `(!('fill_seconds' in data) || isIntBetween(data.fill_seconds, 0, ${screeningLimits.maxFillSeconds}))`,
      `((data.status == 'novo' && !isDoubtfulNewLead(data)) || data.status == '${heldStatus}')`,
      'data.created_at == request.time',
      'data.deleted_at == null;',
    ]);
    expect(checkClauses(block, 'isValidCallCenterLeadFields')).toContain(
      `isIntBetween(data.idade, ${leadFields.idade.min}, ${leadFields.idade.max})`,
    );
    expect(checkClauses(block, 'isValidLeadSource')).toContain(
      "(!('utm_medium' in source) || isStringOfSize(source.utm_medium, 1, 100))",
    );
  });

  it('sets aside at write time what the table calls doubtful: the honeypot filled, a DDD not in use', () => {
    const block = extractGeneratedRules(rules) ?? '';
    const clauses = checkClauses(block, 'isDoubtfulNewLead').map((c) => c.replace(/^\|\| /, ''));
    expect(clauses).toEqual([
      `!data.whatsapp.matches('${knownDddPattern}')`,
      "('honeypot' in data && data.honeypot != '');",
    ]);
    // Admins keep a held lead held or release it; they never hold one.
    expect(checkClauses(block, 'isValidManagedLeadFields')[0]).toBe(
      `(data.status in statusOptions() || (data.status == '${heldStatus}' && resource.data.status == '${heldStatus}'))`,
    );
  });

  it.each(
    Object.keys(generatedValues()).concat([
      'isValidNewLeadCommon',
      'isValidLeadSource',
      'isOpenVacancy',
      'isValidVacancyValue',
      'vacancyDocumentId',
      'isDoubtfulNewLead',
    ]),
  )('%s() is used by a rule', (name) => {
    const uses = rules.split(`${name}(`).length - 1;
    // Once where it is defined, at least once where it is used.
    expect(uses).toBeGreaterThanOrEqual(2);
  });
});

describe('a change to the lead table changes the generated block', () => {
  // What a newcomer adds: a call-center field, stored, listed and exported.
  const withField: LeadTable = {
    ...leadFields,
    escolaridade: {
      type: 'option',
      options: ['Fundamental', 'Médio', 'Superior'],
      writtenBy: ['callCenter'],
      label: 'Escolaridade',
      shownIn: ['list', 'export'],
    },
  };
  const changed = renderGeneratedRules(withField);

  it('so the rules in the repository no longer match until sync-rules runs', () => {
    expect(extractGeneratedRules(rules)).not.toBe(changed);
  });

  it("with the field in the form's keys, its options and its check", () => {
    expect(generatedValues(withField).callCenterLeadKeys).toContain('escolaridade');
    expect(generatedValues(withField).rootLeadKeys).not.toContain('escolaridade');
    expect(generatedValues(withField).escolaridadeOptions).toEqual([
      'Fundamental',
      'Médio',
      'Superior',
    ]);
    expect(checkClauses(changed, 'isValidCallCenterLeadFields')).toContain(
      'data.escolaridade in escolaridadeOptions();',
    );
  });

  it('a field taking a vacancy list is checked against its documents', () => {
    const withList = renderGeneratedRules({
      ...leadFields,
      turno: {
        type: 'option',
        options: ['Manhã', 'Tarde'],
        vacancies: 'job',
        writtenBy: ['root'],
        label: 'Turno',
      },
    });
    expect(checkClauses(withList, 'isValidRootLeadFields')).toContain(
      "isOpenVacancy('root', 'job', data.turno, data);",
    );
    expect(withList).not.toContain('TurnoOptions');
  });

  it('with changed bounds', () => {
    const longerNames = renderGeneratedRules({
      ...leadFields,
      nome: { ...leadFields.nome, max: 300 },
    });
    expect(checkClauses(longerNames, 'isValidNewLeadCommon')[0]).toBe(
      'isStringOfSize(data.nome, 1, 300)',
    );
  });
});
