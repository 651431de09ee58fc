/** The full Firestore SDK (WebChannel, live snapshots): admin routes only. */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { emulatorHosts, firebaseApp, connectsToEmulators } from './app';
// Every request carries an App Check token (app-check.ts): initialised before the first one.
import './app-check';

export const firestore = getFirestore(firebaseApp);
if (connectsToEmulators) {
  connectFirestoreEmulator(firestore, emulatorHosts.firestore.host, emulatorHosts.firestore.port);
}
