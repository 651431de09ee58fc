/**
 * The record's limits and field names in firestore.rules are the web app's
 * (web/src/domain/lead-record.ts): this fails when one side changes without the other.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  assigneeEmailLimits,
  messageTemplateLimits,
  noteTextMaxLength,
} from '../../web/src/domain/lead-record.js';
import { rulesFile } from './support/rules-file.js';

const rules = readFileSync(rulesFile, 'utf8');

/** The body of the rules function `name` (up to its closing brace at 4 spaces). */
function body(name: string): string {
  const start = rules.indexOf(`function ${name}(`);
  expect(start, `function ${name} in firestore.rules`).toBeGreaterThanOrEqual(0);
  return rules.slice(start, rules.indexOf('\n    }', start));
}

describe("the record's lists in firestore.rules", () => {
  it('the note limit is noteTextMaxLength', () => {
    expect(body('noteTextMaxLength')).toContain(`return ${noteTextMaxLength};`);
  });

  it('the responsible email bounds are assigneeEmailLimits', () => {
    expect(body('isAssignableAdmin')).toContain(
      `isStringOfSize(email, ${assigneeEmailLimits.min}, ${assigneeEmailLimits.max})`,
    );
  });

  it('the template bounds are messageTemplateLimits', () => {
    const template = body('isValidMessageTemplate');
    const { name, text } = messageTemplateLimits;
    expect(template).toContain(`isStringOfSize(data.name, ${name.min}, ${name.max})`);
    expect(template).toContain(`isStringOfSize(data.text, ${text.min}, ${text.max})`);
  });
});
