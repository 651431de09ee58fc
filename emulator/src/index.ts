/** Public entry point of the Firestore emulator package. */
export { startEmulator, formatRulesErrors } from './server.js';
export type { EmulatorOptions, RunningEmulator } from './server.js';
export { callerFromAuthorization } from './auth.js';
export { Engine } from './engine/index.js';
export * from './service.js';
