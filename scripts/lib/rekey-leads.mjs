/**
 * Rewrites the derived keys (`search_keys`, `phone_key`, `contacted`, `name_key`: @vagas/common
 * lead-keys.ts) of every lead whose stored keys are missing or stale, e.g. after the search's keys
 * changed in a deploy. The `leadTimeline` function brings a lead's keys up to date on any write of
 * it; this reaches the leads nobody writes (`npm run admin -- rekey-leads`). It reads every lead
 * once (billed one read each) and writes only the stale ones; run again, it writes nothing.
 */
import { FieldPath } from 'firebase-admin/firestore';
import { collections, staleLeadKeys } from '@vagas/common';

/** What the keys are computed from, and the keys themselves (nothing else is read). */
const readFields = [
  'nome',
  'whatsapp',
  'last_contacted_at',
  'search_keys',
  'phone_key',
  'contacted',
  'name_key',
];

/**
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {{ pageSize?: number, onPage?: (progress: { read: number, rewritten: number }) => void }} [options]
 * @returns {Promise<{ read: number, rewritten: number }>}
 */
export async function rekeyLeads(db, { pageSize = 500, onPage } = {}) {
  const leads = db.collection(collections.leads);
  let read = 0;
  let rewritten = 0;
  /** @type {import('firebase-admin/firestore').QueryDocumentSnapshot | undefined} */
  let last;
  for (;;) {
    let page = leads
      .orderBy(FieldPath.documentId())
      .select(...readFields)
      .limit(pageSize);
    if (last) page = page.startAfter(last);
    const snapshot = await page.get();
    if (snapshot.empty) break;
    const writer = db.batch();
    let stale = 0;
    for (const doc of snapshot.docs) {
      const keys = staleLeadKeys(doc.data());
      if (!keys) continue;
      // An update: a lead deleted since the read is not brought back (the batch then fails, and a
      // second run finishes the job).
      writer.update(doc.ref, { ...keys });
      stale++;
    }
    if (stale > 0) await writer.commit();
    read += snapshot.size;
    rewritten += stale;
    last = snapshot.docs.at(-1);
    onPage?.({ read, rewritten });
    if (snapshot.size < pageSize) break;
  }
  return { read, rewritten };
}
