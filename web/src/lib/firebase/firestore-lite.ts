/** Firestore Lite (REST): what public pages use, to keep the full SDK off their bundle. */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { emulatorHosts, firebaseApp, useEmulators } from './app';

export const firestoreLite = getFirestore(firebaseApp);
if (useEmulators) {
  connectFirestoreEmulator(
    firestoreLite,
    emulatorHosts.firestore.host,
    emulatorHosts.firestore.port,
  );
}
