/**
 * What the panel renders inside: Mantine's whole stylesheet (app/styles.ts has what every route
 * needs). The panel's tabs add Firestore (PanelFirestoreProvider, `useFirestore`); the signed-in
 * user is `useUser` (lib/firebase/panel-user.ts), which needs no provider.
 */
import '@mantine/core/styles.css';
import type { ReactNode } from 'react';

export function AdminProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
