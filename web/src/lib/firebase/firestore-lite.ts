/** Firestore Lite (REST): what public pages use, to keep the full SDK off their bundle. */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { emulatorHosts, firebaseApp, connectsToEmulators } from './app';
// Every request carries an App Check token (app-check.ts): initialised before the first one.
import './app-check';

export const firestoreLite = getFirestore(firebaseApp);
if (connectsToEmulators) {
  connectFirestoreEmulator(
    firestoreLite,
    emulatorHosts.firestore.host,
    emulatorHosts.firestore.port,
  );
}
