/**
 * Who a lead can be assigned to: the allow-listed admins' emails, from the listAdminEmails
 * callable (the allow-list itself is closed to every client). Asked once per page load.
 */
import { httpsCallable } from 'firebase/functions';
import { useEffect, useState } from 'react';
import { functions } from '@/lib/firebase/functions';

const listAdminEmails = httpsCallable<null, { emails: string[] }>(functions, 'listAdminEmails');

let cached: Promise<string[]> | null = null;

/** The admins' emails, sorted (one call per page load; a failed call is retried next time). */
export function loadAssignableAdmins(): Promise<string[]> {
  cached ??= listAdminEmails(null).then(
    ({ data }) => [...data.emails].sort(),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  return cached;
}

/** The admins' emails; empty while loading or when they could not be listed (logged). */
export function useAssignableAdmins(): string[] {
  const [emails, setEmails] = useState<string[]>([]);
  useEffect(() => {
    let active = true;
    loadAssignableAdmins().then(
      (list) => active && setEmails(list),
      (error: unknown) => console.error('listAdminEmails failed', error),
    );
    return () => {
      active = false;
    };
  }, []);
  return emails;
}
