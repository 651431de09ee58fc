/**
 * The option lists, limits and lead key lists that firestore.rules shares with the web app,
 * rendered as rules functions. web/src/domain/options.ts, web/src/domain/lead.ts and
 * web/src/config/app-config.ts are the single source; `npm run sync-rules -w rules-tests` writes
 * the block into firestore.rules and a test checks it.
 */
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
import {
  callCenterLeadFields,
  callCenterVaga,
  leadFields,
  managedLeadFields,
  optionalLeadFields,
  pinnedLeadFields,
  rootLeadFields,
} from '../../web/src/domain/lead.js';

export const BEGIN_MARKER = '    // BEGIN GENERATED OPTION LISTS';
export const END_MARKER = '    // END GENERATED OPTION LISTS';

/** Every list and limit the rules use, by the name of the rules function that returns it. */
export const ruleLists: Readonly<Record<string, readonly string[] | number>> = {
  rootJobs,
  rootLocalities,
  callCenterVagas: callCenterJobs.map(callCenterVaga),
  callCenterLocalities,
  experienceOptions,
  leadStatuses,
  minAge: leadFields.idade.min,
  maxAge: leadFields.idade.max,
  whatsappMaxLength: whatsappLimits.maxLength,
  minRedirectTime: redirectTimeLimits.min,
  maxRedirectTime: redirectTimeLimits.max,
  nomeMaxLength: leadFields.nome.max,
  rootLeadKeys: [...rootLeadFields, ...pinnedLeadFields],
  callCenterLeadKeys: [...callCenterLeadFields, ...pinnedLeadFields],
  optionalLeadKeys: [...optionalLeadFields],
  managedLeadKeys: [...managedLeadFields],
};

/** A rules string literal (single quotes, backslash escapes). */
const quote = (value: string): string => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** The generated block, markers included, exactly as it must appear in firestore.rules. */
export function renderOptionLists(): string {
  const lines = [
    BEGIN_MARKER,
    '    // From web/src/domain/options.ts, lead.ts and web/src/config/app-config.ts by',
    '    // `npm run sync-rules -w rules-tests`; rules-tests/test/option-lists.test.ts fails on drift.',
  ];
  for (const [name, value] of Object.entries(ruleLists)) {
    const body = typeof value === 'number' ? String(value) : `[${value.map(quote).join(', ')}]`;
    lines.push(`    function ${name}() {`, `      return ${body};`, '    }');
  }
  lines.push(END_MARKER);
  return lines.join('\n');
}

/** The generated block currently in `rulesSource`, or null when the markers are missing. */
export function extractOptionLists(rulesSource: string): string | null {
  const start = rulesSource.indexOf(BEGIN_MARKER);
  const end = rulesSource.indexOf(END_MARKER);
  if (start < 0 || end < start) return null;
  return rulesSource.slice(start, end + END_MARKER.length);
}

/** `rulesSource` with its generated block replaced by the current lists. */
export function syncOptionLists(rulesSource: string): string {
  const current = extractOptionLists(rulesSource);
  if (current === null) throw new Error('firestore.rules has no GENERATED OPTION LISTS markers');
  return rulesSource.replace(current, () => renderOptionLists());
}
