/** The full Firestore SDK (WebChannel, live snapshots): admin routes only. */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { emulatorHosts, firebaseApp, connectsToEmulators } from './app';

export const firestore = getFirestore(firebaseApp);
if (connectsToEmulators) {
  connectFirestoreEmulator(firestore, emulatorHosts.firestore.host, emulatorHosts.firestore.port);
}
