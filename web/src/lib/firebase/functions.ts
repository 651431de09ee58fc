/** Callable Cloud Functions (linkAdminUser, isCurrentUserAdmin, countRedirect). */
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { appConfig } from '@/config/app-config';
import { emulatorHosts, firebaseApp, connectsToEmulators } from './app';
// Every request carries an App Check token (app-check.ts): initialised before the first one.
import './app-check';

export const functions = getFunctions(firebaseApp, appConfig.functionsRegion);
if (connectsToEmulators) {
  connectFunctionsEmulator(functions, emulatorHosts.functions.host, emulatorHosts.functions.port);
}
