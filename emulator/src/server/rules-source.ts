/** The rules the engine evaluates: `--rules` (a watched file) or a source, and per-project rules. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Ruleset } from '../rules/contract.js';
import { formatRulesErrors, loadRules } from '../rules/index.js';
import { watchFileChanges } from './watch.js';

export interface RulesSource {
  /** The rules for a project: its own (loaded through the built-in endpoint) or the default. */
  rulesFor(projectId: string): Ruleset | null;
  /** Makes `source` the project's rules; the `file:line:col message` list when it does not compile. */
  setProjectRules(projectId: string, source: string, file: string): string | undefined;
  /** Stops watching the rules file. */
  close(): void;
}

function loadOrThrow(source: string, file: string): Ruleset {
  const r = loadRules(source, file);
  if (!r.ok) throw new Error(`Invalid rules:\n${formatRulesErrors(r.errors)}`);
  return r.ruleset;
}

/**
 * Loads the default rules (rejecting rules that do not compile). A watched file that changes is
 * reloaded, replacing every project's rules; a version that does not compile is logged and skipped.
 */
export function createRulesSource(
  options: { rulesFile?: string; rules?: string },
  log: (line: string) => void,
): RulesSource {
  let defaultRules: Ruleset | null = null;
  const projectRules = new Map<string, Ruleset>();
  let close = () => {};
  if (options.rulesFile) {
    const file = path.resolve(options.rulesFile);
    defaultRules = loadOrThrow(readFileSync(file, 'utf8'), path.basename(file));
    close = watchFileChanges(file, () => {
      let src: string;
      try {
        src = readFileSync(file, 'utf8');
      } catch (e) {
        log(`Could not read rules file ${file}: ${(e as Error).message}`);
        return;
      }
      const r = loadRules(src, path.basename(file));
      if (!r.ok) {
        log(
          `Rules in ${file} did not load; keeping the previous rules:\n${formatRulesErrors(r.errors)}`,
        );
        return;
      }
      defaultRules = r.ruleset;
      projectRules.clear();
      log(`Reloaded rules from ${file}`);
    });
  } else if (options.rules !== undefined) {
    defaultRules = loadOrThrow(options.rules, 'firestore.rules');
  }
  return {
    rulesFor: (projectId) => projectRules.get(projectId) ?? defaultRules,
    setProjectRules(projectId, source, file) {
      const r = loadRules(source, file);
      if (!r.ok) return formatRulesErrors(r.errors);
      projectRules.set(projectId, r.ruleset);
      return undefined;
    },
    close: () => close(),
  };
}
