/** reactfire providers for the admin routes only (public pages never load them). */
import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider, FunctionsProvider } from 'reactfire';
import { firebaseApp } from '../../../../lib/firebase/app';
import { auth } from '../../../../lib/firebase/auth';
import { firestore } from '../../../../lib/firebase/firestore';
import { functions } from '../../../../lib/firebase/functions';

export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FunctionsProvider sdk={functions}>
          <FirestoreProvider sdk={firestore}>{children}</FirestoreProvider>
        </FunctionsProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
