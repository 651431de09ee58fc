/** A configuration file (rules or indexes) loaded at start and reloaded whenever it changes. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { watchFileChanges } from './watch.js';

/** Where a database's rules or indexes come from, for the console. */
export interface SourceInfo {
  /** The file (absolute), or undefined for text passed in code or through the rules endpoint. */
  file?: string;
  /** How it was given: a file, inline text (`startEmulator({rules})`), or the rules endpoint. */
  kind: 'file' | 'inline' | 'endpoint';
  /** When the current version was loaded (ms since the epoch). */
  loadedAt: number;
  /** Why the latest version on disk did not load (the previous one is still in use). */
  error?: string;
}

/**
 * The parsed content of one file: `parse` throws an Error whose message says what is wrong. The
 * first load must succeed (the start fails otherwise); a later version that does not parse is
 * logged and the previous one stays.
 */
export class WatchedFile<T> {
  private value: T;
  private info: SourceInfo;
  private readonly unwatch: () => void;

  constructor(
    readonly file: string,
    private readonly what: 'rules' | 'indexes',
    private readonly parse: (text: string, fileName: string) => T,
    private readonly log: (line: string) => void,
    private readonly onReload: () => void = () => {},
  ) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new Error(`Could not read the ${what} file ${file}: ${(e as Error).message}`, {
        cause: e,
      });
    }
    try {
      this.value = parse(text, path.basename(file));
    } catch (e) {
      const message = (e as Error).message;
      throw new Error(what === 'rules' ? `Invalid rules:\n${message}` : message, { cause: e });
    }
    this.info = { file, kind: 'file', loadedAt: Date.now() };
    this.unwatch = watchFileChanges(file, () => this.reload());
  }

  get current(): T {
    return this.value;
  }

  get source(): SourceInfo {
    return this.info;
  }

  close(): void {
    this.unwatch();
  }

  private reload(): void {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      this.fail(`could not be read: ${(e as Error).message}`);
      return;
    }
    try {
      this.value = this.parse(text, path.basename(this.file));
    } catch (e) {
      this.fail(`did not load; keeping the previous ${this.what}:\n${(e as Error).message}`);
      return;
    }
    this.info = { file: this.file, kind: 'file', loadedAt: Date.now() };
    this.onReload();
    this.log(`Reloaded ${this.what} from ${this.file}`);
  }

  private fail(message: string): void {
    this.info = { ...this.info, error: message };
    this.log(`${this.what === 'rules' ? 'Rules' : 'Indexes'} in ${this.file} ${message}`);
  }
}
