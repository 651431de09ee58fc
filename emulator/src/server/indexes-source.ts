/** The `--indexes` file (watched) or text the engine checks queries against. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseIndexes } from '../query/index-config.js';
import type { IndexDef } from '../query/index-plan.js';
import { watchFileChanges } from './watch.js';

/** A getter for the current indexes (null when not enforced) and the unwatch. */
export function loadIndexes(
  options: { indexesFile?: string; indexes?: string },
  log: (line: string) => void,
): { current: () => IndexDef[] | null; unwatch: () => void } {
  if (!options.indexesFile) {
    const fixed = options.indexes === undefined ? null : parseIndexes(options.indexes);
    return { current: () => fixed, unwatch: () => {} };
  }
  const file = path.resolve(options.indexesFile);
  let current = parseIndexes(readFileSync(file, 'utf8'), path.basename(file));
  const unwatch = watchFileChanges(file, () => {
    try {
      current = parseIndexes(readFileSync(file, 'utf8'), path.basename(file));
      log(`Reloaded indexes from ${file}`);
    } catch (e) {
      log(`Indexes in ${file} did not load; keeping the previous ones: ${(e as Error).message}`);
    }
  });
  return { current: () => current, unwatch };
}
