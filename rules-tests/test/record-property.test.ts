/**
 * Property tests (fast-check) of the candidate's record rules: random notes, note edits, follow-up
 * updates of a lead, timeline writes and message templates. Follow-up updates and note edits are
 * checked against a model of the rules (allowed exactly when the model says so); creates are
 * valid-accepted / malformed-denied with nothing stored. VAGAS_FC_SEED=<seed> replays a run.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  doc,
  FieldValue,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteTextMaxLength } from '../../web/src/domain/lead-record.js';
import { leadStatuses } from '../../web/src/domain/options.js';
import { rootLead } from './support/leads.js';
import {
  anyValue,
  badNoteText,
  malformedNote,
  malformedTemplate,
  stampOrAny,
  unknownKey,
  validNote,
  validNoteText,
  validTemplate,
  type Payload,
} from './support/record-arbitraries.js';
import { newNote, seedAllowList, stored } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-record-property');
const seed = process.env.VAGAS_FC_SEED ? Number(process.env.VAGAS_FC_SEED) : undefined;
const runs = (numRuns: number) => ({ numRuns, seed, endOnFailure: true });

const allowListed = ['boss@example.com', 'colleague@example.com'];
/** On the allow-list but too short to be an email: the rules still refuse it as a responsible. */
const shortListed = 'a@';
const isStamp = (v: unknown) => v instanceof FieldValue && v.isEqual(serverTimestamp());
const hourAgo = () => Timestamp.fromMillis(Date.now() - 3_600_000);

/** Whether `write` succeeds, as the client sees it. */
async function outcome(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'permission-denied') throw error;
    return false;
  }
}

const leadRef = (db: Firestore) => doc(db, 'leads', 'lead-1');
const noteRef = (db: Firestore, id: string) => doc(db, 'leads', 'lead-1', 'notes', id);

// ---- the model of the follow-up rules (firestore.rules isValidLeadManagement) ---------------

/** What the panel sends: valid values only (the trash mark may still be out of place). */
const panelChange: fc.Arbitrary<Payload> = fc.record(
  {
    status: fc.constantFrom(...leadStatuses),
    deleted_at: fc.constantFrom(null, serverTimestamp()),
    last_contacted_at: fc.constant(serverTimestamp()),
    assigned_to: fc.constantFrom(...allowListed, null),
    trash_undone_at: fc.constant(serverTimestamp()),
  },
  { requiredKeys: [] },
);

/** Any value for each follow-up field (and the managed ones beside them). */
const anyValueOf: Record<string, fc.Arbitrary<unknown>> = {
  status: fc.oneof(fc.constantFrom(...leadStatuses), anyValue),
  deleted_at: fc.oneof(fc.constant(null), fc.constant(serverTimestamp()), anyValue),
  last_contacted_at: stampOrAny,
  assigned_to: fc.oneof(
    fc.constantFrom(...allowListed, null),
    fc.constant(shortListed),
    fc.emailAddress(),
    fc.constant('Boss@example.com'),
    anyValue,
  ),
  trash_undone_at: stampOrAny,
};

/** Any subset of the fields with any values, and perhaps an unknown key. */
const anyChange: fc.Arbitrary<Payload> = fc
  .record({ ...anyValueOf, extra: fc.tuple(unknownKey, anyValue) }, { requiredKeys: [] })
  .map(({ extra, ...change }) => (extra ? { ...change, [extra[0]]: extra[1] } : change));

/** What the panel sends with one field's value replaced by any value: one clause at a time. */
const perturbedChange: fc.Arbitrary<Payload> = fc
  .tuple(panelChange, fc.constantFrom(...Object.keys(anyValueOf)))
  .chain(([change, key]) => anyValueOf[key]!.map((value) => ({ ...change, [key]: value })));

const followUpChange = fc
  .oneof(panelChange, perturbedChange, perturbedChange, anyChange)
  .filter((change) => Object.keys(change).length > 0);

const followUpKeys = [
  'status',
  'deleted_at',
  'last_contacted_at',
  'assigned_to',
  'trash_undone_at',
];

/** What the rules decide for an admin's `change` of an hour-old lead, active or trashed. */
function followUpAllowed(trashed: boolean, change: Payload): boolean {
  if (Object.keys(change).some((key) => !followUpKeys.includes(key))) return false;
  const has = (key: string) => key in change;
  const status = has('status') ? change.status : 'novo';
  if (typeof status !== 'string' || !(leadStatuses as readonly string[]).includes(status)) {
    return false;
  }
  const deleted = has('deleted_at') ? change.deleted_at : trashed ? hourAgo() : null;
  if (!(deleted === null || deleted instanceof Timestamp || isStamp(deleted))) return false;
  if (has('last_contacted_at') && !isStamp(change.last_contacted_at)) return false;
  if (
    has('assigned_to') &&
    change.assigned_to !== null &&
    !allowListed.includes(change.assigned_to as string)
  ) {
    return false;
  }
  return (
    !has('trash_undone_at') || (isStamp(change.trash_undone_at) && deleted === null && trashed)
  );
}

describe('the record rules, property-based', () => {
  it(
    '300 random admin follow-up updates: allowed exactly as the model says',
    { timeout: 600_000 },
    async () => {
      await seedAllowList(t, ...allowListed);
      const admin = t.admin('boss');
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(fc.boolean(), followUpChange, async (trashed, change) => {
          await t.privileged((db) =>
            setDoc(
              leadRef(db),
              rootLead({ created_at: hourAgo(), deleted_at: trashed ? hourAgo() : null }),
            ),
          );
          const allowed = followUpAllowed(trashed, change);
          expect(await outcome(updateDoc(leadRef(admin), change))).toBe(allowed);
          if (allowed) accepted += 1;
        }),
        runs(200),
      );
      // The generator reaches both sides of the rules. About a fifth of the runs are allowed (a run
      // saw 30 of 200); 10 leaves room for an unlucky random draw and still proves the allowed side.
      expect(accepted).toBeGreaterThan(10);
      expect(accepted).toBeLessThan(190);
    },
  );

  it(
    'notes: 100 valid created, 200 malformed denied and not stored',
    { timeout: 600_000 },
    async () => {
      await t.privileged((db) => setDoc(leadRef(db), rootLead()));
      const admin = t.admin('boss');
      let n = 0;
      await fc.assert(
        fc.asyncProperty(validNote('boss'), async (note) => {
          await assertSucceeds(setDoc(noteRef(admin, `ok-${(n += 1)}`), note));
        }),
        runs(100),
      );
      await fc.assert(
        fc.asyncProperty(malformedNote('boss'), async (note) => {
          const id = `bad-${(n += 1)}`;
          await assertFails(setDoc(noteRef(admin, id), note));
          expect(await stored(t, 'leads', 'lead-1', 'notes', id)).toBeUndefined();
        }),
        runs(200),
      );
    },
  );

  it(
    'note edits: 150 random edits by the author, allowed exactly as the model says; none by another admin',
    { timeout: 600_000 },
    async () => {
      await t.privileged(async (db) => {
        await setDoc(leadRef(db), rootLead());
        await setDoc(
          noteRef(db, 'n1'),
          newNote('boss', { created_at: hourAgo(), updated_at: hourAgo() }),
        );
      });
      const author = t.admin('boss');
      const other = t.admin('colleague');
      const anyEdit = fc
        .record(
          {
            text: fc.oneof(validNoteText, badNoteText),
            updated_at: stampOrAny,
            created_at: stampOrAny,
            author_uid: fc.oneof(fc.constant('colleague'), anyValue),
            extra: fc.tuple(unknownKey, anyValue),
          },
          { requiredKeys: [] },
        )
        .map(({ extra, ...change }) => (extra ? { ...change, [extra[0]]: extra[1] } : change));
      // What the panel sends, alone or with one part replaced: one clause of the rule at a time.
      const panelEdit = validNoteText.map((text) => ({ text, updated_at: serverTimestamp() }));
      const perturbedEdit = fc.oneof(
        fc.tuple(panelEdit, badNoteText).map(([edit, text]) => ({ ...edit, text })),
        fc.tuple(panelEdit, stampOrAny).map(([edit, updated_at]) => ({ ...edit, updated_at })),
        fc.tuple(panelEdit, unknownKey, anyValue).map(([edit, key, value]) => ({
          ...edit,
          [key]: value,
        })),
      );
      const edit = fc
        .oneof(panelEdit, perturbedEdit, perturbedEdit, anyEdit)
        .filter((change) => Object.keys(change).length > 0);
      await fc.assert(
        fc.asyncProperty(edit, async (change) => {
          const keys = Object.keys(change);
          const text = 'text' in change ? change.text : 'Não atendeu, tentar terça';
          const allowed =
            keys.every((key) => key === 'text' || key === 'updated_at') &&
            isStamp(change.updated_at) &&
            typeof text === 'string' &&
            [...text].length >= 1 &&
            [...text].length <= noteTextMaxLength;
          expect(await outcome(updateDoc(noteRef(other, 'n1'), change))).toBe(false);
          expect(await outcome(updateDoc(noteRef(author, 'n1'), change))).toBe(allowed);
        }),
        runs(150),
      );
    },
  );

  it(
    'timeline: 100 random entries written by an admin, all denied',
    { timeout: 300_000 },
    async () => {
      await t.privileged((db) => setDoc(leadRef(db), rootLead()));
      const admin = t.admin('boss');
      const entry = fc.dictionary(unknownKey, fc.oneof(anyValue, fc.constant(serverTimestamp())), {
        maxKeys: 6,
      });
      await fc.assert(
        fc.asyncProperty(fc.uuid(), entry, async (id, data) => {
          await assertFails(setDoc(doc(admin, 'leads', 'lead-1', 'timeline', id), data));
        }),
        runs(100),
      );
    },
  );

  it('templates: 100 valid saved, 200 malformed denied', { timeout: 600_000 }, async () => {
    const admin = t.admin('boss');
    await fc.assert(
      fc.asyncProperty(validTemplate, async (template) => {
        await assertSucceeds(setDoc(doc(admin, 'message_templates', 'tpl'), template));
      }),
      runs(100),
    );
    await fc.assert(
      fc.asyncProperty(malformedTemplate, async (template) => {
        await assertFails(setDoc(doc(admin, 'message_templates', 'bad'), template));
      }),
      runs(200),
    );
  });
});
