/**
 * reactfire providers for the admin routes only (public pages never load them). The login page
 * needs Auth and Functions; the panel adds Firestore, so the login chunk stays free of the full
 * Firestore SDK.
 */
import '@mantine/core/styles.css';
import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, FunctionsProvider } from 'reactfire';
import { firebaseApp } from '@/lib/firebase/app';
import { auth } from '@/lib/firebase/auth';
import { functions } from '@/lib/firebase/functions';

export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FunctionsProvider sdk={functions}>{children}</FunctionsProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
