// Rules that explain themselves: what a rule passes to debug() (which returns its argument) is
// added to the denial's message the SDK reports and to the console's request log entry, for
// writes, reads and list queries, through @firebase/rules-unit-testing and the JS SDK.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { collection, doc, getDocs, query, setDoc, where, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const PROJECT = 'demo-rules-debug';
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /leads/{id} {
      allow create: if debug(request.resource.data.status) == 'novo'
        && debug(request.auth.token.admin) == true;
      allow list: if debug(resource.data.owner) == request.auth.uid;
    }
  }
}
`;

interface LoggedRequest {
  /** The rules method (a Listen target's query is a `list`). */
  rulesMethod: string;
  path: string;
  allowed: boolean;
  message?: string;
  debug?: { line: number; column: number; expr: string; value: string }[];
}

let emu: TestEmulator;
let env: RulesTestEnvironment;

beforeAll(async () => {
  emu = await startTestEmulator();
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { host: emu.host, port: emu.port, rules: RULES },
  });
});
afterAll(async () => {
  await env?.cleanup();
  await emu?.stop();
});

const db = (uid: string, claims: Record<string, unknown> = {}) =>
  env.authenticatedContext(uid, claims).firestore() as unknown as Firestore;

/** The console's newest log entry for the rules method `method` on `path`. */
async function logged(method: string, path: string): Promise<LoggedRequest> {
  const res = await fetch(`http://${emu.hostAndPort}/console/api/requests`);
  const { requests } = (await res.json()) as { requests: LoggedRequest[] };
  const found = requests.filter((r) => r.rulesMethod === method && r.path === path).pop();
  if (!found) throw new Error(`no ${method} of ${path} in the request log`);
  return found;
}

describe('debug()', () => {
  it('puts the values into the denial the SDK reports and into the request log', async () => {
    const err = (await assertFails(
      setDoc(doc(db('ana'), 'leads/1'), { status: 'principal' }),
    )) as Error;
    // The first operand was false: && stopped there, so only one debug() ran.
    expect(err.message).toContain("false for 'create' @ L5");
    expect(err.message).toContain("debug(request.resource.data.status) = 'principal' @ L5:");
    expect(err.message).not.toContain('request.auth.token.admin');
    const entry = await logged('create', 'leads/1');
    expect(entry.allowed).toBe(false);
    expect(entry.message).toContain("debug(request.resource.data.status) = 'principal'");
    expect(entry.debug).toEqual([
      {
        line: 5,
        column: expect.any(Number),
        expr: 'request.resource.data.status',
        value: "'principal'",
      },
    ]);
  });

  it('returns its argument: an allowed request logs every value it passed', async () => {
    await assertSucceeds(setDoc(doc(db('bia', { admin: true }), 'leads/2'), { status: 'novo' }));
    const entry = await logged('create', 'leads/2');
    expect(entry.allowed).toBe(true);
    expect(entry.debug?.map((d) => [d.expr, d.value])).toEqual([
      ['request.resource.data.status', "'novo'"],
      ['request.auth.token.admin', 'true'],
    ]);
    // An error inside the argument (a missing claim) denies as before, with what was seen.
    const err = (await assertFails(
      setDoc(doc(db('caio'), 'leads/3'), { status: 'novo' }),
    )) as Error;
    expect(err.message).toContain("debug(request.resource.data.status) = 'novo'");
    expect(err.message).toMatch(/for 'create' @ L5/);
  });

  it('shows what a list rule saw: a pinned value, or the query field it could not decide', async () => {
    await assertSucceeds(
      getDocs(query(collection(db('ana'), 'leads'), where('owner', '==', 'ana'))),
    );
    expect((await logged('list', 'leads')).debug?.[0]).toMatchObject({
      expr: 'resource.data.owner',
      value: "'ana'",
    });
    const err = (await assertFails(getDocs(collection(db('ana'), 'leads')))) as Error;
    expect(err.message).toContain('debug(resource.data.owner) = (query field owner)');
  });
});
