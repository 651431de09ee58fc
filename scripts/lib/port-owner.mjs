/**
 * Who holds a port, and whether it is a Vagas suite: what a second `npm start` tells instead of a
 * bare 'port in use'. Reads Linux's /proc (the listening socket's inode, then the process with that
 * socket open); elsewhere, or for another user's process, the owner is unknown (null).
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * @typedef {object} ProcessInfo
 * @property {number} pid
 * @property {string} command its command line
 * @property {string | null} cwd its working directory
 */

/** @param {string} file @returns {string | null} */
function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The listening TCP sockets: port by socket inode (any address, IPv4 or IPv6).
 * @returns {Map<string, number>}
 */
function listeningSockets() {
  /** @type {Map<string, number>} */
  const sockets = new Map();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXADDR:HEXPORT; state 0A is LISTEN; the inode is the 10th column.
      if (cols.length > 9 && cols[3] === '0A') {
        sockets.set(cols[9], parseInt(cols[1].split(':').pop() ?? '', 16));
      }
    }
  }
  return sockets;
}

/** The socket inodes `pid` has open. @param {number | string} pid */
function socketInodes(pid) {
  return list(`/proc/${pid}/fd`)
    .map((fd) => /^socket:\[(\d+)\]$/.exec(link(`/proc/${pid}/fd/${fd}`))?.[1])
    .filter((inode) => inode !== undefined);
}

/**
 * The ports `pid` listens on.
 * @param {number} pid
 * @returns {number[]}
 */
export function listeningPorts(pid) {
  const sockets = listeningSockets();
  return socketInodes(pid)
    .map((inode) => sockets.get(inode))
    .filter((port) => port !== undefined);
}

/** @param {number} pid @returns {ProcessInfo | null} */
export function processInfo(pid) {
  const cmdline = read(`/proc/${pid}/cmdline`);
  if (cmdline === null) return null;
  // Another user's process has no readable cwd.
  const cwd = link(`/proc/${pid}/cwd`) || null;
  return { pid, command: cmdline.split('\0').filter(Boolean).join(' '), cwd };
}

/** @param {number} pid @returns {number | null} */
export function parentPid(pid) {
  const stat = read(`/proc/${pid}/stat`);
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields?.[1]);
  return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
}

/** @param {string} dir @returns {string[]} */
function list(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** @param {string} file @returns {string} */
function link(file) {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
}

/**
 * The process listening on `port`, or null when it cannot be told.
 * @param {number} port
 * @returns {ProcessInfo | null}
 */
export function portOwner(port) {
  const inodes = new Set(
    [...listeningSockets()].filter(([, listening]) => listening === port).map(([inode]) => inode),
  );
  if (inodes.size === 0) return null;
  for (const pid of list('/proc').filter((name) => /^\d+$/.test(name))) {
    if (socketInodes(pid).some((inode) => inodes.has(inode))) return processInfo(Number(pid));
  }
  return null;
}

/** @param {ProcessInfo | null} info */
export function isLauncher(info) {
  return Boolean(info && /\bscripts\/start\.mjs\b/.test(info.command));
}

/**
 * The `npm start` launcher `pid` runs under (itself, or an ancestor), or null.
 * @param {number} pid
 * @returns {ProcessInfo | null}
 */
export function launcherOf(pid) {
  for (let current = /** @type {number | null} */ (pid); current; current = parentPid(current)) {
    const info = processInfo(current);
    if (isLauncher(info)) return info;
    if (current === 1) break;
  }
  return null;
}
