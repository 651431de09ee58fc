/** What the emulator's benches read from their command line, and the project's indexes they load. */
import { fileURLToPath } from 'node:url';

/** The value after `--name` on the command line, if given. */
export function argOf(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

/** The project's firestore.indexes.json, as `npm start` gives it to the emulator. */
export const PROJECT_INDEXES = fileURLToPath(
  new URL('../../firestore.indexes.json', import.meta.url),
);
