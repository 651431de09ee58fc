/** firestore.rules for settings/redirect and settings/tracking: public get, validated admin writes. */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  increment,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-settings');

/** The settings as scripts/seed.mjs stores them. */
async function seedSettings(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'settings', 'redirect'), {
      whatsapp_link: 'https://wa.me/5579999999999',
      redirect_time: 5,
      redirect_count: 7,
      updated_at: Timestamp.now(),
    });
    await setDoc(doc(db, 'settings', 'tracking'), { pixel_id: '' });
  });
}

async function stored(id: 'redirect' | 'tracking'): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await t.privileged(async (db) => {
    data = (await getDoc(doc(db, 'settings', id))).data();
  });
  return data;
}

const redirectRef = (db: Firestore) => doc(db, 'settings', 'redirect');
const trackingRef = (db: Firestore) => doc(db, 'settings', 'tracking');

/** What the admin panel saves for the redirect. */
const redirectSave = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  whatsapp_link: 'https://wa.me/5579888888888',
  redirect_time: 10,
  updated_at: serverTimestamp(),
  ...overrides,
});

/** What the admin panel saves for the pixel. */
const trackingSave = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  pixel_id: '123456789012345',
  updated_at: serverTimestamp(),
  ...overrides,
});

describe('reading settings', () => {
  it('anyone can get both settings documents, signed in or not', async () => {
    await seedSettings();
    for (const db of [t.anonymous(), t.user('alice'), t.admin()]) {
      const redirect = await assertSucceeds(getDoc(redirectRef(db)));
      expect(redirect.get('redirect_time')).toBe(5);
      expect(redirect.get('redirect_count')).toBe(7);
      const tracking = await assertSucceeds(getDoc(trackingRef(db)));
      expect(tracking.get('pixel_id')).toBe('');
    }
  });

  it('a public get of settings that do not exist yet is allowed and finds nothing', async () => {
    const snapshot = await assertSucceeds(getDoc(redirectRef(t.anonymous())));
    expect(snapshot.exists()).toBe(false);
  });

  it('nobody can list the settings collection or get another settings document', async () => {
    await seedSettings();
    await t.privileged((db) => setDoc(doc(db, 'settings', 'secret'), { value: 1 }));
    for (const db of [t.anonymous(), t.user('alice'), t.admin()]) {
      await assertFails(getDocs(collection(db, 'settings')));
      await assertFails(getDoc(doc(db, 'settings', 'secret')));
    }
  });
});

describe('writing settings without the admin claim', () => {
  it.each([
    ['an anonymous visitor', () => t.anonymous()],
    ['a signed-in user', () => t.user('alice')],
    ["a user with admin: 'true'", () => t.user('mallory', { admin: 'true' })],
  ])('%s cannot create, update or delete either document', async (_label, dbFor) => {
    const db = dbFor();
    await assertFails(setDoc(redirectRef(db), redirectSave()));
    await assertFails(setDoc(trackingRef(db), trackingSave()));
    await seedSettings();
    await assertFails(updateDoc(redirectRef(db), redirectSave()));
    await assertFails(updateDoc(trackingRef(db), trackingSave()));
    await assertFails(deleteDoc(redirectRef(db)));
    await assertFails(deleteDoc(trackingRef(db)));
  });

  it('the public redirect page cannot count itself (only the countRedirect function can)', async () => {
    await seedSettings();
    await assertFails(updateDoc(redirectRef(t.anonymous()), { redirect_count: increment(1) }));
    await assertFails(updateDoc(redirectRef(t.user('alice')), { redirect_count: 8 }));
    expect((await stored('redirect'))?.redirect_count).toBe(7);
  });
});

describe('admins writing settings/redirect', () => {
  it('can save link and delay, keeping the counter', async () => {
    await seedSettings();
    await assertSucceeds(updateDoc(redirectRef(t.admin()), redirectSave()));
    expect(await stored('redirect')).toMatchObject({
      whatsapp_link: 'https://wa.me/5579888888888',
      redirect_time: 10,
      redirect_count: 7,
    });
  });

  it('can save with a merge set, as the panel may', async () => {
    await seedSettings();
    await assertSucceeds(setDoc(redirectRef(t.admin()), redirectSave(), { merge: true }));
    expect((await stored('redirect'))?.redirect_count).toBe(7);
  });

  it('can create the document when none exists, without a counter', async () => {
    await assertSucceeds(setDoc(redirectRef(t.admin()), redirectSave()));
    expect(await stored('redirect')).not.toHaveProperty('redirect_count');
  });

  it.each([
    ['an empty link (clears it)', { whatsapp_link: '' }],
    ['an http link', { whatsapp_link: 'http://api.whatsapp.com/send?phone=5579999999999' }],
    ['a 2,000-character link', { whatsapp_link: `https://wa.me/${'9'.repeat(1986)}` }],
    // RE2's \S is "not [\t\n\f\r ]": a no-break space pasted into the text is not whitespace.
    ['a link with a no-break space', { whatsapp_link: 'https://wa.me/55?text=Olá\u00a0tudo' }],
    ['a delay of 1', { redirect_time: 1 }],
    ['a delay of 30', { redirect_time: 30 }],
  ])('accepts %s', async (_label, change) => {
    await seedSettings();
    await assertSucceeds(updateDoc(redirectRef(t.admin()), redirectSave(change)));
  });

  it.each([
    ['a javascript: link', { whatsapp_link: 'javascript:alert(document.cookie)' }],
    ['a data: link', { whatsapp_link: 'data:text/html,<script>alert(1)</script>' }],
    ['an ftp link', { whatsapp_link: 'ftp://example.com/file' }],
    ['a link without a host', { whatsapp_link: 'https://' }],
    ['a link with spaces', { whatsapp_link: 'https://wa.me/55 79 javascript:x' }],
    ['a link that is not a URL', { whatsapp_link: 'wa.me/5579999999999' }],
    ['a 2,001-character link', { whatsapp_link: `https://wa.me/${'9'.repeat(1987)}` }],
    ['a link that is a number', { whatsapp_link: 5579999999999 }],
    ['a null link', { whatsapp_link: null }],
    ['a delay of 0', { redirect_time: 0 }],
    ['a delay of 31', { redirect_time: 31 }],
    ['a negative delay', { redirect_time: -5 }],
    ['a delay of 5.5', { redirect_time: 5.5 }],
    ['a delay of "5" (a string)', { redirect_time: '5' }],
    ['a redirect_count', { redirect_count: 0 }],
    ['a redirect_count increment', { redirect_count: increment(1) }],
    ['a removed redirect_count', { redirect_count: deleteField() }],
    ['a client-chosen updated_at', { updated_at: Timestamp.now() }],
    ['an extra key', { theme: 'dark' }],
  ])('rejects an update with %s', async (_label, change) => {
    await seedSettings();
    await assertFails(updateDoc(redirectRef(t.admin()), redirectSave(change)));
    expect(await stored('redirect')).toMatchObject({ redirect_time: 5, redirect_count: 7 });
  });

  it('rejects an update without updated_at', async () => {
    await seedSettings();
    await assertFails(updateDoc(redirectRef(t.admin()), { redirect_time: 12 }));
  });

  it('rejects a full overwrite that would drop the counter', async () => {
    await seedSettings();
    await assertFails(setDoc(redirectRef(t.admin()), redirectSave()));
    expect((await stored('redirect'))?.redirect_count).toBe(7);
  });

  it('rejects a create that sets the counter, misses a field or adds one', async () => {
    const db = t.admin();
    await assertFails(setDoc(redirectRef(db), redirectSave({ redirect_count: 0 })));
    await assertFails(setDoc(redirectRef(db), redirectSave({ redirect_count: 1000 })));
    const { redirect_time: _omitted, ...withoutTime } = redirectSave();
    await assertFails(setDoc(redirectRef(db), withoutTime));
    await assertFails(setDoc(redirectRef(db), redirectSave({ theme: 'dark' })));
    expect(await stored('redirect')).toBeUndefined();
  });

  it('cannot delete the settings', async () => {
    await seedSettings();
    await assertFails(deleteDoc(redirectRef(t.admin())));
  });
});

describe('admins writing settings/tracking', () => {
  it.each([
    ['a pixel id of digits', trackingSave()],
    ['an empty pixel id (clears it)', trackingSave({ pixel_id: '' })],
    ['a 32-digit pixel id', trackingSave({ pixel_id: '1'.repeat(32) })],
  ])('accepts %s over the seeded document', async (_label, data) => {
    await seedSettings();
    await assertSucceeds(setDoc(trackingRef(t.admin()), data));
    expect((await stored('tracking'))?.pixel_id).toBe(data.pixel_id);
  });

  it('can create the document when none exists', async () => {
    await assertSucceeds(setDoc(trackingRef(t.admin()), trackingSave()));
  });

  it.each([
    ['a pixel id with letters', { pixel_id: 'abc123' }],
    ['a pixel id with a space', { pixel_id: '123 456' }],
    ['a pixel id with a script', { pixel_id: "1');fbq('init','2" }],
    ['a 33-digit pixel id', { pixel_id: '1'.repeat(33) }],
    ['a pixel id that is a number', { pixel_id: 123456 }],
    ['a client-chosen updated_at', { updated_at: Timestamp.now() }],
    ['an extra key', { pixel_id: '1', second_pixel: '2' }],
  ])('rejects %s', async (_label, change) => {
    await seedSettings();
    await assertFails(setDoc(trackingRef(t.admin()), trackingSave(change)));
    expect((await stored('tracking'))?.pixel_id).toBe('');
  });

  it('rejects a save without updated_at', async () => {
    await seedSettings();
    await assertFails(setDoc(trackingRef(t.admin()), { pixel_id: '123' }));
  });

  it('cannot delete the settings or write any other settings document', async () => {
    await seedSettings();
    const db = t.admin();
    await assertFails(deleteDoc(trackingRef(db)));
    await assertFails(setDoc(doc(db, 'settings', 'other'), trackingSave()));
  });
});
