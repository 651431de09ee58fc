/**
 * Rules evaluation throughput: a typical update rule with 5 conditions and one get(), plus a list
 * query check and the cost of loading (parsing + checking) a rules file. Prints numbers only.
 * Run: node --import tsx emulator/bench/rules-eval.ts   (or `npm run bench -- rules-eval`)
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  loadRules,
  type RulesDocument,
  type RulesRequest,
  type Ruleset,
} from '../src/rules/index.js';
import { RequestLog } from '../src/engine/request-log.js';
import { report } from '../../bench/lib/report.js';

const ROOT = 'projects/demo-bench/databases/(default)/documents';

const source = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isMember(g) {
      return request.auth.uid in get(/databases/$(database)/documents/groups/$(g)).data.members;
    }
    match /groups/{g}/tasks/{t} {
      allow update: if request.auth != null
        && isMember(g)
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'done'])
        && request.resource.data.title is string && request.resource.data.title.size() <= 100
        && request.time > resource.data.createdAt;
      allow list: if request.auth != null && resource.data.owner == request.auth.uid
        && request.query.limit <= 50;
    }
  }
}`;

function load(src: string): Ruleset {
  const r = loadRules(src, 'bench.rules');
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.ruleset;
}

const ruleset = load(source);
const group: RulesDocument = {
  name: `${ROOT}/groups/g1`,
  fields: {
    members: {
      arrayValue: { values: ['alice', 'bob', 'carol'].map((s) => ({ stringValue: s })) },
    },
  },
};
const task = (title: string): RulesDocument => ({
  name: `${ROOT}/groups/g1/tasks/t1`,
  fields: {
    title: { stringValue: title },
    done: { booleanValue: false },
    owner: { stringValue: 'alice' },
    createdAt: { timestampValue: '2026-01-01T00:00:00Z' },
  },
});

function updateRequest(i: number): RulesRequest {
  return {
    method: 'update',
    path: `${ROOT}/groups/g1/tasks/t1`,
    auth: { uid: 'alice', token: { email: 'alice@example.com' } },
    time: '2026-06-01T12:00:00.000000Z',
    // Fresh documents each time, as the engine hands over (no conversion cache hits).
    resource: task('Old title'),
    requestResource: task(`New title ${i}`),
    lookupBefore: (name) => (name === group.name ? group : null),
    lookupAfter: (name) => (name === group.name ? group : null),
  };
}

function listRequest(): RulesRequest {
  return {
    method: 'list',
    path: `${ROOT}/groups/g1/tasks`,
    auth: { uid: 'alice', token: {} },
    time: '2026-06-01T12:00:00.000000Z',
    resource: null,
    requestResource: null,
    query: {
      from: [{ collectionId: 'tasks' }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'owner' },
          op: 'EQUAL',
          value: { stringValue: 'alice' },
        },
      },
      limit: 20,
    },
    lookupBefore: () => null,
    lookupAfter: () => null,
  };
}

/** Prints throughput by wall clock and the CPU time per call (steadier on a busy, shared machine). */
function measure(label: string, n: number, fn: (i: number) => void): void {
  for (let i = 0; i < Math.min(2000, n); i++) fn(i); // warm up
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMicros = (cpu.user + cpu.system) / n;
  const rate = Math.round((n / ms) * 1000).toLocaleString('en-US');
  console.log(
    `${label.padEnd(50)} ${rate.padStart(9)} /s  ${((ms * 1000) / n).toFixed(1).padStart(7)} µs wall  ${cpuMicros.toFixed(1).padStart(7)} µs cpu`,
  );
  report({
    section: 'emulator',
    measure: `rules: ${label}, CPU per call`,
    value: cpuMicros,
    unit: 'µs',
  });
}

if (!ruleset.evaluate(updateRequest(0)).allowed) throw new Error('the update should be allowed');
if (!ruleset.evaluate(listRequest()).allowed) throw new Error('the list should be allowed');

measure('update: 5 conditions + 1 get() (allowed)', 50_000, (i) => {
  ruleset.evaluate(updateRequest(i));
});
const denied = updateRequest(0);
denied.auth = { uid: 'mallory', token: {} };
measure('update: same rule, denied at the get()', 50_000, () => {
  ruleset.evaluate(denied);
});
measure('list: equality filter + limit vs resource.data', 50_000, () => {
  ruleset.evaluate(listRequest());
});
// The console's rules trace: every denial is explained; allowed requests only while a console watches.
measure('explain: the denied update (every denial)', 50_000, () => {
  ruleset.explain(denied);
});
measure('explain: the allowed update (only while watched)', 50_000, (i) => {
  ruleset.explain(updateRequest(i));
});
const log = new RequestLog();
const caller = { kind: 'anonymous' } as const;
measure('request log: record a decision (nobody watching)', 200_000, (i) => {
  log.add({
    method: 'update',
    listen: false,
    database: ROOT,
    path: `groups/g1/tasks/t${i}`,
    caller,
    allowed: true,
    basis: 'rules',
  });
});
const appRules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
measure('load: parse + check the app firestore.rules', 200, () => {
  load(appRules);
});
