/**
 * firebase.json's `hosting`, read two ways:
 * - `suiteHosting`: what the local suite gives firebase-tools' Hosting emulator: the deployed
 *   config as it is (headers, cleanUrls, rewrites, the 404 page), served from the suite's build,
 *   with one local difference: the emulators' addresses added to the CSP's connect-src (the built
 *   app talks to them on 127.0.0.1). firebase.json itself names no local address.
 * - `hostingHeadersFor`: which headers Firebase Hosting sends for a path, for the browser tests to
 *   check that the Hosting emulator sends exactly those.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ key: string, value: string }} Header */
/** @typedef {{ source?: string, regex?: string, headers: Header[] }} HostingHeaderRule one rule of `hosting.headers`: a glob (`source`) or RE2 `regex` on the path */
/** @typedef {{ public: string, headers?: HostingHeaderRule[], [key: string]: unknown }} Hosting */
/** @typedef {{ hosting: Hosting, emulators: Record<string, { host?: string, port?: number }>, [key: string]: unknown }} FirebaseJson */

/** @param {string} file @returns {FirebaseJson} */
export function readFirebaseJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * A `source` glob as a RegExp: `**` is any run of characters, `*` any run without a slash. Other
 * glob syntax is refused rather than matched differently from Firebase Hosting.
 * @param {string} glob
 */
export function globRegExp(glob) {
  if (/[?[\]{}()!+@]/.test(glob)) throw new Error(`unsupported glob syntax in "${glob}"`);
  const body = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.^$|\\/]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${body}$`);
}

/** @param {HostingHeaderRule} rule @param {string} pathname */
function matches(rule, pathname) {
  if (rule.regex !== undefined) return new RegExp(rule.regex).test(pathname);
  if (rule.source !== undefined) return globRegExp(rule.source).test(pathname);
  return false;
}

/**
 * The headers of the rules matching `pathname`, in order; a later rule's value for a key wins.
 * @param {HostingHeaderRule[]} rules
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function hostingHeadersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of rules) {
    if (!matches(rule, pathname)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/**
 * `csp` with `sources` appended to its connect-src directive.
 * @param {string} csp
 * @param {string[]} sources
 */
export function withConnectSources(csp, sources) {
  if (sources.length === 0) return csp;
  const directives = csp.split(';').map((d) => d.trim());
  const index = directives.findIndex((d) => d.split(/\s+/)[0] === 'connect-src');
  if (index === -1) throw new Error('the Content-Security-Policy has no connect-src');
  directives[index] = [directives[index], ...sources].join(' ');
  return directives.join('; ');
}

/**
 * firebase.json's `hosting` for the Hosting emulator of a local suite: served from `publicDir`,
 * every Content-Security-Policy's connect-src extended with `connectSources`.
 * @param {Hosting} hosting
 * @param {{ configDir: string, publicDir: string, connectSources: string[] }} options
 * @returns {Hosting}
 */
export function suiteHosting(hosting, { configDir, publicDir, connectSources }) {
  const headers = (hosting.headers ?? []).map((rule) => ({
    ...rule,
    headers: rule.headers.map(({ key, value }) => ({
      key,
      value:
        key.toLowerCase() === 'content-security-policy'
          ? withConnectSources(value, connectSources)
          : value,
    })),
  }));
  return { ...hosting, public: path.relative(configDir, publicDir) || '.', headers };
}
