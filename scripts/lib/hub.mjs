/**
 * The local suite's Emulator Hub: the address tools are given as the hub (firebase.json
 * `emulators.hub`, `FIREBASE_EMULATOR_HUB`), in front of firebase-tools' own hub (on a port of its
 * own), to which it passes every request. Two requests do more, because the Firestore emulator is
 * ours and firebase-tools does not know it:
 * - `PUT /functions/disableBackgroundTriggers`: our Firestore emulator stops queueing trigger
 *   events (and answers once those already queued are delivered), then firebase-tools' Functions
 *   emulator disables its background functions;
 * - `PUT /functions/enableBackgroundTriggers`: firebase-tools reloads the functions (new trigger
 *   keys), the trigger sync registers the new keys with our emulator, which then queues events
 *   again. Once the answer is in, the next write fires its triggers, as with the official suite.
 * `GET /emulators` also lists our Firestore emulator, and names this hub.
 */
import http from 'node:http';

/** @typedef {{ host: string, port: number }} Address */

/**
 * @param {string} base
 * @param {'disable' | 'enable'} action
 * @returns {Promise<{ status: number, body: string }>}
 */
async function switchAt(base, action) {
  const res = await fetch(`${base}/functions/${action}BackgroundTriggers`, { method: 'PUT' });
  return { status: res.status, body: await res.text() };
}

/**
 * Passes `req` on to `target` and its answer back.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {Address} target
 */
function forward(req, res, target) {
  const upstream = http.request(
    {
      host: target.host,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { 'content-type': 'text/plain' }).end(`Emulator Hub: ${error.message}`);
  });
  req.pipe(upstream);
}

/**
 * firebase-tools' `GET /emulators` answer, with our Firestore emulator and this hub's address.
 * @param {string} text @param {Address} firestore @param {Address} self
 */
function withOurEmulators(text, firestore, self) {
  const emulators = JSON.parse(text);
  /** @param {string} name @param {Address} at */
  const entry = (name, at) => ({
    ...emulators[name],
    name,
    host: at.host,
    port: at.port,
    listen: [{ address: at.host, family: 'IPv4', port: at.port }],
  });
  return JSON.stringify(
    { ...emulators, hub: entry('hub', self), firestore: entry('firestore', firestore) },
    null,
    2,
  );
}

/**
 * Starts the hub on `listen`; `syncTriggers` registers the Functions emulator's current triggers
 * with our Firestore emulator (null without the Functions emulator).
 * @param {{ listen: Address, firebaseHub: Address, firestore: Address, syncTriggers: (() => Promise<void>) | null, log: (line: string) => void }} options
 * @returns {Promise<{ address: Address, stop: () => Promise<void> }>}
 */
export async function startHub({ listen, firebaseHub, firestore, syncTriggers, log }) {
  const hubBase = `http://${firebaseHub.host}:${firebaseHub.port}`;
  const firestoreBase = `http://${firestore.host}:${firestore.port}`;

  /** @param {'disable' | 'enable'} action */
  const switchTriggers = async (action) => {
    if (action === 'disable') {
      const ours = await switchAt(firestoreBase, 'disable');
      if (ours.status !== 200) return ours;
      return switchAt(hubBase, 'disable');
    }
    const theirs = await switchAt(hubBase, 'enable');
    if (theirs.status !== 200) return theirs;
    await syncTriggers?.();
    const ours = await switchAt(firestoreBase, 'enable');
    return ours.status === 200 ? theirs : ours;
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const handle = async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://hub');
    const action = /^\/functions\/(disable|enable)BackgroundTriggers$/.exec(pathname)?.[1];
    if (req.method === 'PUT' && (action === 'disable' || action === 'enable')) {
      req.resume();
      log(`[hub] ${action} background triggers`);
      const { status, body } = await switchTriggers(action);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    } else if (req.method === 'GET' && pathname === '/emulators') {
      const res2 = await fetch(`${hubBase}/emulators`);
      const text = await res2.text();
      const body = res2.ok ? withOurEmulators(text, firestore, address) : text;
      res.writeHead(res2.status, { 'content-type': 'application/json' }).end(body);
    } else {
      forward(req, res, firebaseHub);
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((/** @type {Error} */ error) => {
      log(`[hub] ${req.method} ${req.url} failed: ${error.message}`);
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: error.message }));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve(undefined));
  });
  const bound = /** @type {import('node:net').AddressInfo} */ (server.address());
  const address = { host: listen.host, port: bound.port };
  return {
    address,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
