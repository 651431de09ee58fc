/** The rules under test: firestore.rules, or VAGAS_RULES_FILE (the mutation check's mutants). */
import { fileURLToPath } from 'node:url';

export const rulesFile =
  process.env.VAGAS_RULES_FILE ??
  fileURLToPath(new URL('../../../firestore.rules', import.meta.url));
