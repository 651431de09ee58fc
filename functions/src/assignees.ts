/**
 * listAdminEmails: who a lead can be assigned to (its 'Responsável'). The allow-list is closed to
 * every client (firestore.rules), so the panel asks this callable, which only admins may call.
 */
import { HttpsError } from 'firebase-functions/https';
import { allowListKey } from './admin-access.js';
import type { Caller } from './validation.js';

/** The allow-listed emails (lowercased, sorted, once each) for an admin caller. */
export async function listAdminEmails(
  caller: Caller,
  listAllowList: () => Promise<string[]>,
): Promise<{ emails: string[] }> {
  if (caller.token.admin !== true) {
    throw new HttpsError('permission-denied', 'Only admins can list the admins.');
  }
  const emails = [...new Set((await listAllowList()).map(allowListKey))].sort();
  return { emails };
}
