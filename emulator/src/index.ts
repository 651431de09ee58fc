/** Public entry point of the Firestore emulator package. */
export { startEmulator, formatRulesErrors } from './server/index.js';
export type { EmulatorOptions, RunningEmulator } from './server/index.js';
export { callerFromAuthorization } from './transports/auth.js';
export { Engine } from './engine/index.js';
export * from './service.js';
