/**
 * What a running `npm start` leaves in its `.local/` folder (`suite.json`: its pid and addresses),
 * so that a second start, and `npm run seed`, find it; and what a start says when a port it needs
 * is held by someone else.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isLauncher, launcherOf, portOwner, processInfo } from './port-owner.mjs';

/**
 * @typedef {object} LauncherState
 * @property {number} pid the launcher's
 * @property {string} startedAt ISO time
 * @property {string} root the checkout it runs from
 * @property {'dev' | 'prod'} mode
 * @property {string} projectId
 * @property {string} webUrl
 * @property {string} firestore host:port
 * @property {string} auth host:port
 * @property {string} functions host:port
 * @property {string} hub host:port
 */

/** @param {string} localDir */
const stateFile = (localDir) => path.join(localDir, 'suite.json');

/** @param {string} localDir @param {LauncherState} state */
export function writeLauncherState(localDir, state) {
  writeFileSync(stateFile(localDir), `${JSON.stringify(state, null, 2)}\n`);
}

/** @param {string} localDir */
export function removeLauncherState(localDir) {
  rmSync(stateFile(localDir), { force: true });
}

/**
 * The launcher running from `localDir`, or null (none, or its file was left by one that is gone).
 * @param {string} localDir
 * @returns {LauncherState | null}
 */
export function runningLauncher(localDir) {
  /** @type {LauncherState} */
  let state;
  try {
    state = JSON.parse(readFileSync(stateFile(localDir), 'utf8'));
  } catch {
    return null;
  }
  // The pid of a launcher killed since may have been given to another process.
  return isLauncher(processInfo(state.pid)) ? state : null;
}

/**
 * What to tell when Vagas already runs: where, and how to stop it.
 * @param {LauncherState} state
 */
export function alreadyRunningMessage(state) {
  return [
    `Vagas is already running (npm start, pid ${state.pid}, since ${new Date(state.startedAt).toLocaleTimeString()}) from ${state.root}:`,
    '',
    `  Web app                 ${state.webUrl}/`,
    `  Firestore emulator      ${state.firestore}`,
    `  Emulator Hub            ${state.hub}`,
    '',
    `Use that one, or stop it first: Ctrl-C in its terminal, or kill ${state.pid}.`,
  ].join('\n');
}

/**
 * What to tell when `port` (the `what` of the suite) is held: by which process, and when it
 * belongs to another Vagas suite, which one and where.
 * @param {string} what @param {number} port
 */
export function portHeldMessage(what, port) {
  const owner = portOwner(port);
  const lines = [`Port ${port} (${what}) is already in use`];
  if (!owner) {
    lines[0] += '.';
    lines.push(`Find what holds it (lsof -i :${port}), stop it, and try again.`);
    return lines.join('\n');
  }
  lines[0] += ` by process ${owner.pid}: ${owner.command.slice(0, 160)}`;
  const launcher = launcherOf(owner.pid);
  if (launcher) {
    const state = launcher.cwd ? runningLauncher(path.join(launcher.cwd, '.local')) : null;
    lines.push(
      state?.pid === launcher.pid
        ? `\n${alreadyRunningMessage(state)}`
        : `It belongs to another Vagas suite (npm start, pid ${launcher.pid}${launcher.cwd ? `, from ${launcher.cwd}` : ''}). Stop that one first: Ctrl-C in its terminal, or kill ${launcher.pid}.`,
    );
  } else {
    lines.push(
      `${owner.cwd ? `It runs in ${owner.cwd}. ` : ''}Stop it (kill ${owner.pid}), or free the port, and try again.`,
    );
  }
  return lines.join('\n');
}
