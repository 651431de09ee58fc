/**
 * reactfire's providers for the panel: the app and Auth (the guard's `useUser`); the panel's tabs
 * add Firestore (PanelFirestoreProvider, `useFirestore`). The login page uses none of them:
 * reactfire imports the full Firestore SDK, which the login page must not download.
 */
import '@mantine/core/styles.css';
import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { firebaseApp } from '@/lib/firebase/app';
import { auth } from '@/lib/firebase/auth';

export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>{children}</AuthProvider>
    </FirebaseAppProvider>
  );
}
