/**
 * Each database's rules, indexes and TTL policies: from firebase.json's `firestore` section (one
 * entry per database, `--config`) and from `--rules` / `--indexes` (the default database), every
 * file watched and reloaded on change. A database no entry names uses the default database's.
 */
import { parseIndexConfig, type IndexConfig, type TtlPolicy } from '../query/index-config.js';
import type { IndexDef } from '../query/index-plan.js';
import type { Ruleset } from '../rules/contract.js';
import { formatRulesErrors, loadRules } from '../rules/index.js';
import { readFirebaseConfig } from './firebase-config.js';
import { WatchedFile, type SourceInfo } from './watched-file.js';

export type { SourceInfo } from './watched-file.js';

export interface DatabaseSourcesOptions {
  /** firebase.json (its `firestore` section: an object, or an array with one entry per database). */
  firebaseConfig?: string;
  /** Rules of the default database (and of databases the config does not name). */
  rulesFile?: string;
  rules?: string;
  /** firestore.indexes.json of the default database (and of databases the config does not name). */
  indexesFile?: string;
  indexes?: string;
}

/** What the rules endpoint (rules-unit-testing's) changes. */
export interface RulesSource {
  /** Makes `source` the project's rules; the `file:line:col message` list when it does not compile. */
  setProjectRules(projectId: string, source: string, file: string): string | undefined;
}

/** What the console shows for a database. */
export interface DatabaseDescription {
  /** Named in firebase.json's `firestore` section. */
  configured: boolean;
  rules: SourceInfo | null;
  indexes: SourceInfo | null;
  /** Composite indexes enforced (null: none, every query runs). */
  indexCount: number | null;
  ttl: TtlPolicy[];
}

/** The current value and where it came from (a watched file, or text given in code). */
interface Source<T> {
  readonly current: T;
  readonly source: SourceInfo;
  close(): void;
}

function fixed<T>(value: T): Source<T> {
  return { current: value, source: { kind: 'inline', loadedAt: Date.now() }, close: () => {} };
}

function parseRules(text: string, fileName: string): Ruleset {
  const r = loadRules(text, fileName);
  if (!r.ok) throw new Error(formatRulesErrors(r.errors));
  return r.ruleset;
}

function initialLoad<T>(what: string, load: () => T): T {
  try {
    return load();
  } catch (e) {
    const message = (e as Error).message;
    throw new Error(what === 'rules' ? `Invalid rules:\n${message}` : message, { cause: e });
  }
}

interface DatabaseEntry {
  rules?: Source<Ruleset>;
  indexes?: Source<IndexConfig>;
}

export class DatabaseSources implements RulesSource {
  private readonly byDb = new Map<string, DatabaseEntry>();
  private readonly files = new Map<string, Source<Ruleset> | Source<IndexConfig>>();
  /** Rules loaded for a project through the rules endpoint (rules-unit-testing): all its databases. */
  private readonly projectRules = new Map<string, { ruleset: Ruleset; loadedAt: number }>();
  private readonly configured = new Set<string>();

  constructor(
    options: DatabaseSourcesOptions,
    private readonly log: (line: string) => void,
  ) {
    try {
      this.load(options);
    } catch (e) {
      this.close();
      throw e;
    }
  }

  private load(options: DatabaseSourcesOptions): void {
    for (const c of options.firebaseConfig ? readFirebaseConfig(options.firebaseConfig) : []) {
      this.configured.add(c.database);
      this.byDb.set(c.database, {
        rules: c.rulesFile ? this.rulesFile(c.rulesFile) : undefined,
        indexes: c.indexesFile ? this.indexesFile(c.indexesFile) : undefined,
      });
    }
    const def = this.byDb.get('(default)') ?? {};
    if (options.rulesFile) def.rules = this.rulesFile(options.rulesFile);
    else if (options.rules !== undefined) {
      const text = options.rules;
      def.rules = fixed(initialLoad('rules', () => parseRules(text, 'firestore.rules')));
    }
    if (options.indexesFile) def.indexes = this.indexesFile(options.indexesFile);
    else if (options.indexes !== undefined) {
      const text = options.indexes;
      def.indexes = fixed(initialLoad('indexes', () => parseIndexConfig(text)));
    }
    this.byDb.set('(default)', def);
  }

  private rulesFile(file: string): Source<Ruleset> {
    const key = `rules:${file}`;
    let s = this.files.get(key) as Source<Ruleset> | undefined;
    if (!s) {
      // A changed rules file replaces the rules loaded through the endpoint too (as before).
      s = new WatchedFile(file, 'rules', parseRules, this.log, () => this.projectRules.clear());
      this.files.set(key, s);
    }
    return s;
  }

  private indexesFile(file: string): Source<IndexConfig> {
    const key = `indexes:${file}`;
    let s = this.files.get(key) as Source<IndexConfig> | undefined;
    if (!s) {
      s = new WatchedFile(file, 'indexes', parseIndexConfig, this.log);
      this.files.set(key, s);
    }
    return s;
  }

  private entry(databaseId: string): { rules?: Source<Ruleset>; indexes?: Source<IndexConfig> } {
    const own = this.byDb.get(databaseId);
    const def = this.byDb.get('(default)');
    return { rules: own?.rules ?? def?.rules, indexes: own?.indexes ?? def?.indexes };
  }

  /** The databases firebase.json names, in its order. */
  configuredDatabases(): string[] {
    return [...this.configured];
  }

  /** The ruleset for a database, or null (everything allowed, as with no rules). */
  rulesFor = (projectId: string, databaseId: string): Ruleset | null =>
    this.projectRules.get(projectId)?.ruleset ?? this.entry(databaseId).rules?.current ?? null;

  /** The composite indexes queries of a database may use, or null when none are enforced. */
  indexesFor = (databaseId: string): IndexDef[] | null =>
    this.entry(databaseId).indexes?.current.indexes ?? null;

  /** The TTL policies of a database. */
  ttlFor = (databaseId: string): TtlPolicy[] => this.entry(databaseId).indexes?.current.ttl ?? [];

  /** Makes `source` the project's rules; the `file:line:col message` list when it does not compile. */
  setProjectRules(projectId: string, source: string, file: string): string | undefined {
    const r = loadRules(source, file);
    if (!r.ok) return formatRulesErrors(r.errors);
    this.projectRules.set(projectId, { ruleset: r.ruleset, loadedAt: Date.now() });
    return undefined;
  }

  describe(projectId: string, databaseId: string): DatabaseDescription {
    const e = this.entry(databaseId);
    const own = this.projectRules.get(projectId);
    const config = e.indexes?.current;
    return {
      configured: this.configured.has(databaseId),
      rules: own ? { kind: 'endpoint', loadedAt: own.loadedAt } : (e.rules?.source ?? null),
      indexes: e.indexes?.source ?? null,
      indexCount: config ? config.indexes.length : null,
      ttl: config?.ttl ?? [],
    };
  }

  close(): void {
    for (const s of this.files.values()) s.close();
  }
}
