/** Watching the `--rules` and `--indexes` files (polling, which also sees editors' atomic saves). */
import { unwatchFile, watchFile } from 'node:fs';

/** Calls `onChange` whenever `file`'s size or mtime changes; returns the unwatch. */
export function watchFileChanges(file: string, onChange: () => void): () => void {
  watchFile(file, { interval: 250, persistent: false }, (cur, prev) => {
    if (cur.mtimeMs !== prev.mtimeMs || cur.size !== prev.size) onChange();
  });
  return () => unwatchFile(file);
}
