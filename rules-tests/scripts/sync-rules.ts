/** Writes the lists of web/src/domain (options, lead keys) into firestore.rules (`--check`: only compare). */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syncOptionLists } from '../src/option-lists.js';

const rulesPath = fileURLToPath(new URL('../../firestore.rules', import.meta.url));
const source = readFileSync(rulesPath, 'utf8');
const synced = syncOptionLists(source);

if (process.argv.includes('--check')) {
  if (synced !== source) {
    console.error(
      'firestore.rules option lists are out of date: run `npm run sync-rules -w rules-tests`',
    );
    process.exit(1);
  }
  console.log('firestore.rules generated lists match web/src/domain');
} else if (synced === source) {
  console.log('firestore.rules option lists already up to date');
} else {
  writeFileSync(rulesPath, synced);
  console.log('firestore.rules option lists updated');
}
