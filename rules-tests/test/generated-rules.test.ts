/**
 * firestore.rules carries exactly what web/src/domain describes: the generated block is up to date,
 * its lists read back as the web app's own, every generated function is used, and a change to the
 * lead table shows up in the block (so forgetting `npm run sync-rules` fails here). No emulator.
 */
import { readFileSync } from 'node:fs';
import { heldStatus, knownDddPattern, screeningLimits, textFormats } from '@vagas/common';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../web/src/config/app-config.js';
import {
  callCenterLeadFields,
  leadFields,
  managedLeadFields,
  optionalLeadFields,
  pinnedLeadFields,
  rootLeadFields,
  serverLeadFields,
} from '../../web/src/domain/lead.js';
import {
  callCenterJobs,
  callCenterLocalities,
  experienceOptions,
  leadStatuses,
  redirectTimeLimits,
  rootJobs,
  rootLocalities,
} from '../../web/src/domain/options.js';
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
    ['rootVagaOptions', [...rootJobs]],
    ['rootCidadeOptions', [...rootLocalities]],
    ['callCenterCidadeOptions', [...callCenterLocalities]],
    ['tempoExperienciaOptions', [...experienceOptions]],
    ['statusOptions', [...leadStatuses]],
  ])('%s() is exactly the list in web/src/domain/options.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toEqual(expected);
  });

  it("callCenterVagaOptions() is every call-center job with the employer's '[{employer}] ' prefix", () => {
    const employer = appConfig.callCenterEmployer.name;
    expect(rulesFunctionValue('callCenterVagaOptions')).toEqual(
      callCenterJobs.map((job) => `[${employer}] ${job}`),
    );
  });

  it.each([
    ['rootLeadKeys', [...rootLeadFields, ...pinnedLeadFields]],
    ['callCenterLeadKeys', [...callCenterLeadFields, ...pinnedLeadFields]],
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

  it('checks each field with the bounds of the lead table', () => {
    const block = extractGeneratedRules(rules) ?? '';
    expect(checkClauses(block, 'isValidNewLeadCommon')).toEqual([
      `isStringOfSize(data.nome, ${leadFields.nome.min}, ${leadFields.nome.max})`,
      `isStringOfSize(data.whatsapp, ${leadFields.whatsapp.min}, ${leadFields.whatsapp.max})`,
      `data.whatsapp.matches('${textFormats.phone.pattern}')`,
      "(!('source' in data) || isValidLeadSource(data.source))",
      "(!('submitted_at' in data) || data.submitted_at is timestamp && " +
        `data.submitted_at <= request.time + duration.value(${leadFields.submitted_at.maxAheadMinutes}, 'm') && ` +
        `data.submitted_at >= request.time - duration.value(${leadFields.submitted_at.maxAgeDays}, 'd'))`,
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
