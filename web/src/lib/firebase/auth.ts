/** Firebase Auth with a browser-persisted session (automatic token refresh is the SDK's default). */
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { emulatorHosts, firebaseApp, connectsToEmulators } from './app';

export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
if (connectsToEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHosts.auth.host}:${emulatorHosts.auth.port}`, {
    disableWarnings: true,
  });
}
