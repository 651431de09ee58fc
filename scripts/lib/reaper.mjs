/**
 * The reaper: a small process that outlives its parent (the local suite's process) only to end the
 * process groups the parent started, and remove its temporary files. The parent writes `+PGID` /
 * `-PGID` and `+file:PATH` / `-file:PATH` lines to this process's stdin, a pipe only it holds; when
 * the pipe closes (the parent exited, or was killed: SIGKILL, a closed terminal, a CI timeout),
 * every group still listed gets SIGINT (firebase-tools exports its data on it), the files still
 * listed are removed, and a group still there after a grace period gets SIGKILL; then it exits.
 * Started by processes.mjs; not meant to be run by hand.
 */

/** Long enough for firebase-tools' clean stop (it exports Auth data); short enough to free the ports quickly. */
const GRACE_MS = 3000;

import { rmSync } from 'node:fs';

/** @type {Set<number>} */
const groups = new Set();
/** @type {Set<string>} */
const files = new Set();
let pending = '';

/** @param {number} pgid */
function alive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    // EPERM: the id now names someone else's group; ESRCH: gone.
    return false;
  }
}

/** Whether the process that leads group `pgid` (its id is the group's) is still running. @param {number} pgid */
function leaderAlive(pgid) {
  try {
    process.kill(pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {Iterable<number>} pgids @param {NodeJS.Signals} signal */
function signal(pgids, signal) {
  for (const pgid of pgids) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // gone meanwhile
    }
  }
}

let reaping = false;
async function reap() {
  if (reaping) return;
  reaping = true;
  const left = () => [...groups].filter(alive);
  signal(left(), 'SIGINT');
  // The processes read their config files when they started: the files can go now, so a loaded
  // machine's slow shutdown never leaves them behind.
  for (const file of files) rmSync(file, { recursive: true, force: true });
  const deadline = Date.now() + GRACE_MS;
  while (left().length > 0 && Date.now() < deadline) {
    // A group whose leader has ended its clean stop keeps only what ignores SIGINT (the Functions
    // emulator's workers): nothing is left to wait for there.
    signal(
      left().filter((pgid) => !leaderAlive(pgid)),
      'SIGKILL',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  signal(left(), 'SIGKILL');
  process.exit(0);
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (/** @type {string} */ chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    if (line.slice(1).startsWith('file:')) {
      const file = line.slice(6);
      if (line.startsWith('+')) files.add(file);
      else files.delete(file);
      continue;
    }
    const pgid = Number(line.slice(1));
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    if (line.startsWith('+')) groups.add(pgid);
    else if (line.startsWith('-')) groups.delete(pgid);
  }
});
process.stdin.on('end', reap);
process.stdin.on('error', reap);
// Signals meant for a terminal's processes are not for the reaper: only the pipe ends it.
for (const name of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGHUP']))
  process.on(name, () => {});
