/** Callable Cloud Functions (linkAdminUser, isCurrentUserAdmin, countRedirect). */
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { appConfig } from '@/config/app-config';
import { emulatorHosts, firebaseApp, connectsToEmulators } from './app';

export const functions = getFunctions(firebaseApp, appConfig.functionsRegion);
if (connectsToEmulators) {
  connectFunctionsEmulator(functions, emulatorHosts.functions.host, emulatorHosts.functions.port);
}
