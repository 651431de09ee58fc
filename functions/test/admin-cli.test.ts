// Pure parts of the allow-list CLI: where it connects, and how emails become keys.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTarget } from '../../scripts/admin.mjs';
import { allowListKey } from '../../scripts/lib/admin-allowlist.mjs';

describe('resolveTarget', () => {
  it('defaults to the local emulators and demo-vagas', () => {
    expect(resolveTarget(undefined, {})).toEqual({
      projectId: 'demo-vagas',
      emulators: true,
      firestoreHost: '127.0.0.1:8080',
      authHost: '127.0.0.1:9099',
    });
  });

  it('follows the emulator variables when they are set', () => {
    const env = { FIRESTORE_EMULATOR_HOST: '127.0.0.1:1234', FIREBASE_AUTH_EMULATOR_HOST: 'h:5' };
    expect(resolveTarget(undefined, env)).toMatchObject({
      emulators: true,
      firestoreHost: '127.0.0.1:1234',
      authHost: 'h:5',
    });
  });

  it('uses a real project given with --project', () => {
    expect(resolveTarget('vagas-prod', {})).toEqual({ projectId: 'vagas-prod', emulators: false });
  });

  it('takes the project of GOOGLE_APPLICATION_CREDENTIALS', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vagas-cli-'));
    const key = path.join(dir, 'key.json');
    writeFileSync(key, JSON.stringify({ type: 'service_account', project_id: 'vagas-from-key' }));
    expect(resolveTarget(undefined, { GOOGLE_APPLICATION_CREDENTIALS: key })).toEqual({
      projectId: 'vagas-from-key',
      emulators: false,
    });
    expect(resolveTarget('other', { GOOGLE_APPLICATION_CREDENTIALS: key })).toMatchObject({
      projectId: 'other',
      emulators: false,
    });
  });

  it('never sends a demo- project anywhere but the emulators', () => {
    expect(resolveTarget('demo-x', {})).toMatchObject({ projectId: 'demo-x', emulators: true });
  });
});

describe('allowListKey', () => {
  it('trims and lowercases', () => {
    expect(allowListKey('  Maria@Empresa.COM.br ')).toBe('maria@empresa.com.br');
  });

  it.each(['', 'maria', 'maria@', '@empresa.com', 'a/b@c.d', 'a b@c.d'])('rejects %j', (email) => {
    expect(() => allowListKey(email)).toThrow(/Not an email address/);
  });
});
