/**
 * firestore.rules for a lead's optional `source` (web/src/domain/lead.ts LeadSource): either form
 * may add exactly that shape; anything else in `source` is refused, and nothing is stored.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getCountFromServer, getDoc, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { leadSourceTextFields, leadSourceTextLimits } from '../../web/src/domain/lead.js';
import { callCenterLead, rootLead, sendLead } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-lead-source');

/** A create as the page sends it: with its device's record, in one batch (support/leads.ts). */
const createLead = (db: Firestore, data: Record<string, unknown>, id = 'lead-1') =>
  sendLead(db, data, id);

async function storedLeads(): Promise<number> {
  let count = -1;
  await t.privileged(async (db) => {
    count = (await getCountFromServer(collection(db, 'leads'))).data().count;
  });
  return count;
}

const full = {
  utm_source: 'facebook',
  utm_medium: 'paid_social',
  utm_campaign: 'vagas-junho',
  fbclid: true,
};
const longest = 'x'.repeat(leadSourceTextLimits.max);

describe('a lead with the visit source', () => {
  it.each([
    ['every field', full],
    ['an fbclid only', { fbclid: true }],
    ['a utm_source only (no fbclid)', { utm_source: 'instagram', fbclid: false }],
    [
      'texts at their bounds',
      { utm_source: 'a', utm_medium: longest, utm_campaign: '🌻'.repeat(50), fbclid: false },
    ],
  ])('the root form may add %s', async (_, source) => {
    await assertSucceeds(createLead(t.anonymous(), rootLead({ source })));
    let stored: Record<string, unknown> | undefined;
    await t.privileged(async (db) => {
      stored = (await getDoc(doc(db, 'leads', 'lead-1'))).data();
    });
    expect(stored?.source).toEqual(source);
  });

  it('the call-center form may add it too', async () => {
    await assertSucceeds(createLead(t.anonymous(), callCenterLead({ source: full })));
  });

  it('a retry of a create with a source (only created_at moves) is accepted', async () => {
    const db = t.anonymous();
    await assertSucceeds(createLead(db, rootLead({ source: full })));
    await assertSucceeds(createLead(db, rootLead({ source: full })));
    expect(await storedLeads()).toBe(1);
  });

  it('a retry cannot add or change the source', async () => {
    const db = t.anonymous();
    await assertSucceeds(createLead(db, rootLead()));
    await assertFails(createLead(db, rootLead({ source: full })));
    await assertSucceeds(createLead(db, rootLead({ source: full }), 'lead-2'));
    await assertFails(createLead(db, rootLead({ source: { ...full, utm_source: 'x' } }), 'lead-2'));
  });
});

describe('a forged source is refused', () => {
  const tooLong = 'x'.repeat(leadSourceTextLimits.max + 1);
  const forged: [string, unknown][] = [
    ['not a map', 'facebook'],
    ['null', null],
    ['a list', ['facebook']],
    ['an empty map', {}],
    ['no fbclid', { utm_source: 'facebook' }],
    ['the fbclid value instead of a flag', { fbclid: 'IwAR0abc' }],
    ['fbclid as a number', { fbclid: 1 }],
    ['an unknown key', { ...full, gclid: 'abc' }],
    ['the fbclid value under another key', { fbclid: true, fbclid_value: 'IwAR0abc' }],
    ['a nested map', { fbclid: true, utm_source: { name: 'facebook' } }],
    ...leadSourceTextFields.flatMap((field): [string, unknown][] => [
      [`${field} too long`, { ...full, [field]: tooLong }],
      [`${field} empty`, { ...full, [field]: '' }],
      [`${field} not a string`, { ...full, [field]: 42 }],
      [`${field} huge`, { ...full, [field]: '🌻'.repeat(100_000) }],
    ]),
  ];

  it.each(forged)('%s', async (_, source) => {
    await assertFails(createLead(t.anonymous(), rootLead({ source })));
    await assertFails(createLead(t.anonymous(), callCenterLead({ source }), 'lead-2'));
    expect(await storedLeads()).toBe(0);
  });

  it('a source outside the lead map (e.g. a second source key) is an extra key', async () => {
    await assertFails(createLead(t.anonymous(), rootLead({ source: full, sources: full })));
  });
});
