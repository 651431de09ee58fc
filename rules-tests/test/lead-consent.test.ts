/**
 * firestore.rules for what a new lead records for LGPD and weak connections: the version of the
 * consent note the candidate saw (required, one of its form's versions), the device time of the
 * submission (optional, bounded: not after the write beyond clock drift, not older than a week),
 * and a full WhatsApp number (10 or 11 digits). Values from web/src/domain/lead.ts and consent.ts.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getCountFromServer,
  getDoc,
  serverTimestamp,
  Timestamp,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { consentNotes, consentVersions } from '../../web/src/domain/consent.js';
import { leadFields } from '../../web/src/domain/lead.js';
import { callCenterLead, rootLead, sendLead, without } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-lead-consent');

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

const minutes = (n: number) => Timestamp.fromMillis(Date.now() + n * 60_000);
const days = (n: number) => minutes(n * 24 * 60);
const { maxAheadMinutes, maxAgeDays } = leadFields.submitted_at;

describe('the consent record', () => {
  it('each form writes the version of the note it shows', async () => {
    const db = t.anonymous();
    const root = rootLead({ consent_version: consentNotes.root.version });
    await assertSucceeds(createLead(db, root, 'root'));
    const callCenter = callCenterLead({ consent_version: consentNotes.callCenter.version });
    await assertSucceeds(createLead(db, callCenter, 'conecta'));
    await t.privileged(async (admin) => {
      const stored = (await getDoc(doc(admin, 'leads', 'conecta'))).data();
      expect(stored?.consent_version).toBe(consentNotes.callCenter.version);
    });
  });

  it.each([
    ['without a consent version', without(rootLead(), 'consent_version')],
    ['a consent version no note had', rootLead({ consent_version: 'raiz-2020-01-01' })],
    ['the other form’s version', rootLead({ consent_version: consentVersions.callCenter[0] })],
    [
      'the other form’s version (call center)',
      callCenterLead({ consent_version: consentVersions.root[0] }),
    ],
    ['an empty version', callCenterLead({ consent_version: '' })],
    ['a version that is not a string', rootLead({ consent_version: true })],
  ])('refuses a lead %s, and stores nothing', async (_label, data) => {
    await assertFails(createLead(t.anonymous(), data));
    expect(await storedLeads()).toBe(0);
  });
});

describe('the device time of an application that waited', () => {
  it.each([
    ['just now', minutes(0)],
    ['a few minutes ago', minutes(-5)],
    [`${maxAgeDays - 1} days ago`, days(-(maxAgeDays - 1))],
    [`a device clock ${maxAheadMinutes - 2} minutes ahead`, minutes(maxAheadMinutes - 2)],
  ])('accepts a submission time %s', async (_label, submitted_at) => {
    await assertSucceeds(createLead(t.anonymous(), rootLead({ submitted_at })));
    await assertSucceeds(createLead(t.anonymous(), callCenterLead({ submitted_at }), 'lead-2'));
  });

  it.each([
    ['in the future', minutes(maxAheadMinutes + 5)],
    ['a day in the future', days(1)],
    [`older than ${maxAgeDays} days`, days(-(maxAgeDays + 1))],
    ['a year old', days(-365)],
    ['a string', new Date().toISOString()],
    ['a number of milliseconds', Date.now()],
    ['null', null],
  ])('refuses a submission time %s, and stores nothing', async (_label, submitted_at) => {
    await assertFails(createLead(t.anonymous(), rootLead({ submitted_at })));
    expect(await storedLeads()).toBe(0);
  });

  it('a retry of a stored lead cannot add or change it (only created_at moves)', async () => {
    const db = t.anonymous();
    await assertSucceeds(createLead(db, rootLead()));
    await assertFails(createLead(db, rootLead({ submitted_at: minutes(-1) })));
    await assertSucceeds(createLead(db, rootLead()));
    await assertFails(
      createLead(db, rootLead({ created_at: serverTimestamp(), consent_version: 'x' })),
    );
    expect(await storedLeads()).toBe(1);
  });
});

describe('a full WhatsApp number (10 or 11 digits)', () => {
  it.each(['(75) 98123-4567', '(75) 3261-1234', '75981234567', '7532611234', '(75)98123-4567'])(
    'accepts %s',
    async (whatsapp) => {
      await assertSucceeds(createLead(t.anonymous(), rootLead({ whatsapp })));
    },
  );

  it.each([
    ['(75) 9', 'what the form once stored; its WhatsApp button opened wa.me/55759'],
    ['(75) 9812-345', '9 digits'],
    ['(55) 75981-23', 'a pasted +55 number cut by the old mask'],
    ['759812345678', '12 digits'],
    ['(  ) -', 'no digit'],
  ])('refuses %s (%s), and stores nothing', async (whatsapp) => {
    await assertFails(createLead(t.anonymous(), callCenterLead({ whatsapp })));
    expect(await storedLeads()).toBe(0);
  });
});
