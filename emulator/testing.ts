/**
 * What other workspaces may use to run this emulator in their own tests and benches
 * (`@vagas/firestore-emulator/testing`): the CLI in a process of its own, an in-process emulator
 * on a free port, and SDK clients pointed at either. The rest of test/ and bench/ is the
 * emulator's own and may change without notice.
 */
export { cliMode, startEmulatorProcess, type EmulatorProcess } from './bench/_emulator-process.js';
export {
  adminClient,
  restAdminClient,
  startTestEmulator,
  webClient,
  type TestEmulator,
} from './test/support/clients.js';
