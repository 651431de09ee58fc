/** The full Firestore SDK (live snapshots) for the panel's tabs, inside AdminProviders. */
import type { ReactNode } from 'react';
import { FirestoreProvider } from '@/lib/firebase/panel-sdk';
import { firestore } from '@/lib/firebase/firestore';

export function PanelFirestoreProvider({ children }: { children: ReactNode }) {
  return <FirestoreProvider sdk={firestore}>{children}</FirestoreProvider>;
}
