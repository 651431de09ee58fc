/**
 * Background functions (the Firestore triggers) switched off and on the firebase-tools way: the
 * Emulator Hub's `PUT /functions/disableBackgroundTriggers` and `PUT
 * /functions/enableBackgroundTriggers`. The local suite's hub (hub.mjs) switches our Firestore
 * emulator with them. A bulk seed runs in between: in production the functions run on Google's
 * servers, here each seeded document would be a function run on the same 2 cores.
 */

/** @typedef {{ host: string, port: number }} Address */

/**
 * @param {Address | string} hub the hub's address, or `host:port`
 * @param {boolean} enabled
 */
export async function setBackgroundTriggers(hub, enabled) {
  const at = typeof hub === 'string' ? hub : `${hub.host}:${hub.port}`;
  const action = enabled ? 'enable' : 'disable';
  const res = await fetch(`http://${at}/functions/${action}BackgroundTriggers`, { method: 'PUT' });
  if (!res.ok) {
    throw new Error(
      `The Emulator Hub at ${at} refused to ${action} background triggers (HTTP ${res.status}): ${await res.text()}`,
    );
  }
}

/**
 * Runs `work` with background triggers off (when there is a hub), and switches them on after,
 * whatever `work` does.
 * @template T
 * @param {Address | string | null} hub
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withoutBackgroundTriggers(hub, work) {
  if (!hub) return work();
  await setBackgroundTriggers(hub, false);
  try {
    return await work();
  } finally {
    await setBackgroundTriggers(hub, true);
  }
}
