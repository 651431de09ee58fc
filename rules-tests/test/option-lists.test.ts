/** firestore.rules carries exactly the web app's option lists and limits (no emulator needed). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callCenterJobs,
  callCenterLocalities,
  experienceOptions,
  leadStatuses,
  redirectTimeLimits,
  rootJobs,
  rootLocalities,
  whatsappLimits,
} from '../../web/src/domain/options.js';
import { appConfig } from '../../web/src/config/app-config.js';
import {
  callCenterLeadFields,
  leadFields,
  managedLeadFields,
  optionalLeadFields,
  pinnedLeadFields,
  rootLeadFields,
} from '../../web/src/domain/lead.js';
import { extractOptionLists, renderOptionLists, ruleLists } from '../src/option-lists.js';
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

describe('option lists in firestore.rules', () => {
  it('the generated block is up to date (npm run sync-rules -w rules-tests)', () => {
    expect(extractOptionLists(rules)).toBe(renderOptionLists());
  });

  it.each([
    ['rootJobs', [...rootJobs]],
    ['rootLocalities', [...rootLocalities]],
    ['callCenterLocalities', [...callCenterLocalities]],
    ['experienceOptions', [...experienceOptions]],
    ['leadStatuses', [...leadStatuses]],
  ])('%s() is exactly the list in web/src/domain/options.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toEqual(expected);
  });

  it("callCenterVagas() is every call-center job with the employer's '[{employer}] ' prefix", () => {
    const employer = appConfig.callCenterEmployer.name;
    expect(rulesFunctionValue('callCenterVagas')).toEqual(
      callCenterJobs.map((job) => `[${employer}] ${job}`),
    );
  });

  it.each([
    ['rootLeadKeys', [...rootLeadFields, ...pinnedLeadFields]],
    ['callCenterLeadKeys', [...callCenterLeadFields, ...pinnedLeadFields]],
    ['optionalLeadKeys', [...optionalLeadFields]],
    ['managedLeadKeys', [...managedLeadFields]],
  ])('%s() is exactly the key list of web/src/domain/lead.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toEqual(expected);
  });

  it.each([
    ['nomeMaxLength', leadFields.nome.max],
    ['minAge', leadFields.idade.min],
    ['maxAge', leadFields.idade.max],
    ['whatsappMaxLength', whatsappLimits.maxLength],
    ['minRedirectTime', redirectTimeLimits.min],
    ['maxRedirectTime', redirectTimeLimits.max],
  ])('%s() is the limit in options.ts', (name, expected) => {
    expect(rulesFunctionValue(name)).toBe(expected);
  });

  it.each(Object.keys(ruleLists))('%s() is used by a rule', (name) => {
    const generated = extractOptionLists(rules) ?? '';
    const outside = rules.replace(generated, '');
    expect(outside).toContain(`${name}()`);
  });
});
