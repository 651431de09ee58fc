// The functions folder as `firebase deploy --only functions` uploads it: built by the predeploy
// hook, packed by firebase-tools' own packager with firebase.json's ignore list, and run with only
// the packages its package.json lists (what Cloud Build installs). The workspace it shares with
// the web app (@vagas/common) is never published, so the bundle must carry it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const functionsDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const rootDir = path.dirname(functionsDir);
const require = createRequire(import.meta.url);

interface FunctionsConfig {
  source: string;
  ignore: string[];
  predeploy: string[];
}

/** firebase-tools' packager: the archive `firebase deploy` uploads. */
type PrepareUpload = (
  projectDir: string,
  sourceDir: string,
  config: FunctionsConfig,
  additionalSources: string[],
  runtimeConfig: undefined,
  options: { exportType: 'tar.gz' },
) => Promise<{ pathToSource: string }>;

let unpacked: string;

beforeAll(async () => {
  const firebaseJson = JSON.parse(readFileSync(path.join(rootDir, 'firebase.json'), 'utf8')) as {
    functions: FunctionsConfig[];
  };
  const config = firebaseJson.functions[0]!;
  // The predeploy hook, as firebase-tools runs it (RESOURCE_DIR is the functions source).
  for (const hook of config.predeploy) {
    await run('sh', ['-c', hook], {
      cwd: rootDir,
      env: { ...process.env, RESOURCE_DIR: path.join(rootDir, config.source) },
    });
  }
  const { prepareFunctionsUpload } =
    require('firebase-tools/lib/deploy/functions/prepareFunctionsUpload.js') as {
      prepareFunctionsUpload: PrepareUpload;
    };
  const { pathToSource } = await prepareFunctionsUpload(
    rootDir,
    path.join(rootDir, config.source),
    { ...config, ignore: [...config.ignore] },
    [],
    undefined,
    { exportType: 'tar.gz' },
  );
  unpacked = mkdtempSync(path.join(os.tmpdir(), 'vagas-functions-upload-'));
  await run('tar', ['-xzf', pathToSource, '-C', unpacked]);
  rmSync(pathToSource, { force: true });
  // What Cloud Build installs: package.json's dependencies, and nothing of the monorepo.
  const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    const target = path.join(unpacked, 'node_modules', name);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(rootDir, 'node_modules', name), target);
  }
}, 120_000);

afterAll(() => {
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

describe('the folder firebase deploy uploads', () => {
  it('holds the bundle and its package.json, not the sources or the tests', () => {
    expect(existsSync(path.join(unpacked, 'lib/index.js'))).toBe(true);
    expect(existsSync(path.join(unpacked, 'package.json'))).toBe(true);
    expect(existsSync(path.join(unpacked, 'src'))).toBe(false);
    expect(existsSync(path.join(unpacked, 'test'))).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8')) as {
      main: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.main).toBe('lib/index.js');
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      'firebase-admin',
      'firebase-functions',
    ]);
  });

  it('loads with only those packages installed, and exports every function', async () => {
    const script = `const m = await import(${JSON.stringify(path.join(unpacked, 'lib/index.js'))}); console.log(JSON.stringify(Object.keys(m).sort()));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: unpacked,
      env: { ...process.env, GCLOUD_PROJECT: 'demo-vagas' },
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([
      'addAdmin',
      'applyRetentionDaily',
      'applyRetentionNow',
      'countRedirect',
      'eraseCandidate',
      'findCandidate',
      'getRetention',
      'isCurrentUserAdmin',
      'leadStats',
      'leadTimeline',
      'linkAdminUser',
      'noteTimeline',
      'reconcileLeadStats',
      'reconcileLeadStatsDaily',
      'removeAdmin',
      'saveRetention',
      'vacancyLists',
    ]);
  });
});
