/**
 * Signs the panel out the moment its admin is taken off the team: watches the signed-in admin's
 * own allow-list entry (data/team-reads.ts) and calls `onAccessLost` when it is gone or unreadable.
 */
import { useEffect } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { useUser } from '@/lib/firebase/panel-user';
import { watchOwnEntry } from '@/data/team-reads';

export function useAdminMembership(onAccessLost: () => void): void {
  const db = useFirestore();
  const { data: user } = useUser();
  const email = user?.email ?? null;
  useEffect(() => {
    if (email === null) return;
    return watchOwnEntry(db, email, onAccessLost);
  }, [db, email, onAccessLost]);
}
