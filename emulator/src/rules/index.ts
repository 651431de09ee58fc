/** Security rules engine entry point (placeholder until the rules engine lands; see contract.ts). */
import type { LoadRules } from './contract.js';

export type * from './contract.js';

export const loadRules: LoadRules = (_source, fileName = 'firestore.rules') => ({
  ok: false,
  errors: [{ file: fileName, line: 1, column: 1, message: 'The rules engine is not built yet.' }],
});
