/** Writes the block generated from web/src/domain (the lead's keys, options, checks; settings limits) into firestore.rules (`--check`: only compare). */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syncGeneratedRules } from '../src/generated-rules.js';

const rulesPath = fileURLToPath(new URL('../../firestore.rules', import.meta.url));
const source = readFileSync(rulesPath, 'utf8');
const synced = syncGeneratedRules(source);

if (process.argv.includes('--check')) {
  if (synced !== source) {
    console.error(
      'firestore.rules generated block is out of date: run `npm run sync-rules -w rules-tests`',
    );
    process.exit(1);
  }
  console.log('firestore.rules generated block matches web/src/domain');
} else if (synced === source) {
  console.log('firestore.rules generated block already up to date');
} else {
  writeFileSync(rulesPath, synced);
  console.log('firestore.rules generated block updated');
}
