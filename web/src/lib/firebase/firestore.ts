/** The full Firestore SDK (WebChannel, live snapshots): admin routes only. */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { emulatorHosts, firebaseApp, useEmulators } from './app';

export const firestore = getFirestore(firebaseApp);
if (useEmulators) {
  connectFirestoreEmulator(firestore, emulatorHosts.firestore.host, emulatorHosts.firestore.port);
}
