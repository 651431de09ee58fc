// A script with no page behind it gets nothing in. The suite enforces App Check, as production
// does: a naive script that writes a lead straight to Firestore, over REST (plain fetch) or gRPC
// (the JS SDK in Node), with no App Check token, a forged one or an expired one, is refused with
// PERMISSION_DENIED and the reason, and nothing is stored; the very same request with a token the
// emulator minted is stored (the refusals are App Check's, not the rules'). Meanwhile the page,
// in Chromium, still stores its application: its requests carry the token its provider fetched.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setLogLevel,
  terminate,
  writeBatch,
} from 'firebase/firestore';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mintAppCheckToken } from '../scripts/lib/app-check.mjs';
import { consentNotes } from '../web/src/domain/consent';
import {
  fillApplication,
  logBrowserErrors,
  phoneFor,
  pixelStubContext,
  waitForApp,
} from './public-support';
import { adminFirestore, closeAdmin, launchChromium, useLocalSuite } from './support/suite';

const suite = useLocalSuite();
let browser: Browser;
const contexts: BrowserContext[] = [];
const apps: FirebaseApp[] = [];
let run = 0;

beforeAll(async () => {
  browser = await launchChromium();
  // The refusals are the point: keep the SDK from logging each one.
  setLogLevel('silent');
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  for (const app of apps) await deleteApp(app);
  await closeAdmin();
});

type Sent = 'none' | 'forged' | 'expired' | 'minted';

/** What a script sends as its App Check token (undefined: none). */
async function tokenFor(sent: Sent): Promise<string | undefined> {
  if (sent === 'none') return undefined;
  const ttlMillis = sent === 'expired' ? -60_000 : undefined;
  const { token } = await mintAppCheckToken(suite.firestoreHost, suite.projectId, { ttlMillis });
  if (sent !== 'forged') return token;
  // The claims of a real token under a signature of the script's own making.
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${Buffer.from('signed by the script').toString('base64url')}`;
}

const reasons: Record<Exclude<Sent, 'minted'>, string> = {
  none: 'No App Check token was sent',
  forged: 'invalid signature',
  expired: 'has expired',
};

/** A lead's id, its device's id and a name no other test uses. */
function newApplication(label: string) {
  run += 1;
  const tag = `${Date.now().toString(36)}${run}`.replace(/[^A-Za-z0-9]/g, '');
  return {
    id: `script-${label}-${tag}`,
    device: `Script${tag}`.padEnd(20, '0').slice(0, 20),
    nome: `Robô ${label} ${tag}`,
  };
}

/**
 * The application as a valid page writes it, minus what the server fills in; each with a number
 * of its own, since the screening merges a second lead of one number and job into the first.
 */
const leadFields = (device: string, nome: string) => ({
  nome,
  whatsapp: phoneFor(nome),
  vaga: 'Aux Serraria',
  cidade: 'Joazeiro',
  consent_version: consentNotes.root.version,
  device,
  status: 'novo',
  deleted_at: null,
});

/** Whether anything of the application reached the database. */
async function storedOf(application: { id: string; device: string }) {
  const db = adminFirestore(suite);
  const [lead, record] = await Promise.all([
    db.doc(`leads/${application.id}`).get(),
    db.doc(`devices/${application.device}`).get(),
  ]);
  return { lead: lead.exists, record: record.exists };
}

const documents = () =>
  `http://${suite.firestoreHost}/v1/projects/${suite.projectId}/databases/(default)/documents`;

/** REST values of plain strings and nulls. */
const restFields = (data: Record<string, string | null>) =>
  Object.fromEntries(
    Object.entries(data).map(([k, v]) => [
      k,
      v === null ? { nullValue: null } : { stringValue: v },
    ]),
  );

/** The page's commit, written by hand: the lead and its device record, server times as transforms. */
function commitBody(application: { id: string; device: string; nome: string }) {
  const name = (path: string) =>
    `projects/${suite.projectId}/databases/(default)/documents/${path}`;
  return {
    writes: [
      {
        update: {
          name: name(`leads/${application.id}`),
          fields: restFields(leadFields(application.device, application.nome)),
        },
        updateTransforms: [{ fieldPath: 'created_at', setToServerValue: 'REQUEST_TIME' }],
      },
      {
        update: {
          name: name(`devices/${application.device}`),
          fields: { lead: { stringValue: application.id }, slot: { integerValue: '0' } },
        },
        updateMask: { fieldPaths: ['lead', 'slot', 's0'] },
        updateTransforms: [{ fieldPath: 's0', setToServerValue: 'REQUEST_TIME' }],
      },
    ],
  };
}

async function post(url: string, body: unknown, token: string | undefined) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'X-Firebase-AppCheck': token } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { status?: string; message?: string } },
  };
}

describe('a script over REST (plain fetch)', () => {
  test.each(['none', 'forged', 'expired'] as const)(
    'with token %s: the page-shaped commit is refused, saying why, and nothing is stored',
    async (sent) => {
      const application = newApplication(`rest-${sent}`);
      const answer = await post(
        `${documents()}:commit`,
        commitBody(application),
        await tokenFor(sent),
      );
      expect(answer.status).toBe(403);
      expect(answer.body.error?.status).toBe('PERMISSION_DENIED');
      expect(answer.body.error?.message).toContain('Missing or insufficient permissions.');
      expect(answer.body.error?.message).toContain(reasons[sent]);
      expect(await storedOf(application)).toEqual({ lead: false, record: false });
    },
  );

  test('a burst of naive creates with no token stores none of them', async () => {
    const burst = Array.from({ length: 30 }, () => newApplication('burst'));
    const answers = await Promise.all(
      burst.map((application) =>
        post(
          `${documents()}/leads?documentId=${application.id}`,
          { fields: restFields(leadFields(application.device, application.nome)) },
          undefined,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(burst.map(() => 403));
    const stored = await adminFirestore(suite)
      .collection('leads')
      .where(
        'nome',
        'in',
        burst.slice(0, 30).map((a) => a.nome),
      )
      .get();
    expect(stored.size).toBe(0);
  });

  test('reading the public settings without a token is refused too', async () => {
    const response = await fetch(`${documents()}/settings/redirect`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(reasons.none);
  });

  test('the same commit with a token the emulator minted is stored: the refusals were App Check’s', async () => {
    const application = newApplication('rest-minted');
    const answer = await post(
      `${documents()}:commit`,
      commitBody(application),
      await tokenFor('minted'),
    );
    expect(answer.status).toBe(200);
    expect(await storedOf(application)).toEqual({ lead: true, record: true });
    await adminFirestore(suite).doc(`leads/${application.id}`).delete();
  });
});

/** A Node script with the JS SDK (gRPC), sending `sent` as its App Check token. */
function grpcScript(sent: Sent) {
  const app = initializeApp(
    { projectId: suite.projectId, apiKey: 'script', appId: '1:000000000000:web:script' },
    `script-${sent}-${apps.length}`,
  );
  apps.push(app);
  if (sent !== 'none') {
    initializeAppCheck(app, {
      // The SDK is told the token lives an hour, so it sends it as it is.
      provider: new CustomProvider({
        getToken: async () => ({
          token: (await tokenFor(sent)) ?? '',
          expireTimeMillis: Date.now() + 3_600_000,
        }),
      }),
      isTokenAutoRefreshEnabled: false,
    });
  }
  const db = getFirestore(app);
  const [host, port] = suite.firestoreHost.split(':');
  connectFirestoreEmulator(db, host, Number(port));
  return db;
}

describe('a script over gRPC (the JS SDK in Node)', () => {
  test.each(['none', 'forged', 'expired'] as const)(
    'with token %s: the page-shaped batch is refused, saying why, and nothing is stored',
    async (sent) => {
      const application = newApplication(`grpc-${sent}`);
      const db = grpcScript(sent);
      const batch = writeBatch(db)
        .set(doc(db, 'leads', application.id), {
          ...leadFields(application.device, application.nome),
          created_at: serverTimestamp(),
        })
        .set(doc(db, 'devices', application.device), {
          lead: application.id,
          slot: 0,
          s0: serverTimestamp(),
        });
      const failure = await batch.commit().then(
        () => null,
        (error: { code?: string; message?: string }) => error,
      );
      await terminate(db);
      expect(failure?.code).toBe('permission-denied');
      expect(failure?.message).toContain(reasons[sent]);
      expect(await storedOf(application)).toEqual({ lead: false, record: false });
    },
  );

  test('the same batch with a minted token is stored', async () => {
    const application = newApplication('grpc-minted');
    const db = grpcScript('minted');
    await writeBatch(db)
      .set(doc(db, 'leads', application.id), {
        ...leadFields(application.device, application.nome),
        created_at: serverTimestamp(),
      })
      .set(doc(db, 'devices', application.device), {
        lead: application.id,
        slot: 0,
        s0: serverTimestamp(),
      })
      .commit();
    await terminate(db);
    expect(await storedOf(application)).toEqual({ lead: true, record: true });
    await adminFirestore(suite).doc(`leads/${application.id}`).delete();
  });
});

describe('the page, with App Check enforced', () => {
  test('stores the application: its commit carries the token its provider got from the emulator', async () => {
    const context = await pixelStubContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    logBrowserErrors(page);
    const commits: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('documents:commit')) {
        commits.push(request.headers()['x-firebase-appcheck']);
      }
    });
    await page.goto(`${suite.webUrl}/`);
    await waitForApp(page);
    const nome = `Candidata App Check ${Date.now().toString(36)}`;
    await fillApplication(page, 'root', { nome, whatsapp: '75981112222' });
    await page.getByRole('button', { name: 'Enviar Candidatura' }).click();
    await page.getByText('Candidatura enviada com sucesso! 🎉').waitFor();

    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const snap = await adminFirestore(suite).collection('leads').where('nome', '==', nome).get();
    expect(snap.size).toBe(1);
    const lead = snap.docs[0]!;
    const device = lead.get('device') as string;
    expect(device).toMatch(/^[A-Za-z0-9]{20}$/);
    const record = await adminFirestore(suite).doc(`devices/${device}`).get();
    expect(record.get('lead')).toBe(lead.id);
    await lead.ref.delete();
  });
});
