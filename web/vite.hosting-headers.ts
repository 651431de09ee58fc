/**
 * The response headers of the site: firebase.json's `hosting.headers` is the one list (Firebase
 * Hosting sends it in production); this module reads it, and its Vite plugin has `vite preview` (the
 * browser tests' server) send the same headers for the same paths, so the tests run the built app
 * under the deployed Content-Security-Policy.
 *
 * One difference, local only: on a `demo-` project the app talks to the emulators on 127.0.0.1, so
 * the preview's CSP adds their addresses to `connect-src`. The deployed CSP names no local address.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** One rule of firebase.json `hosting.headers`: a glob (`source`) or RE2 `regex` on the request path. */
export interface HostingHeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

interface FirebaseJson {
  hosting: { headers?: HostingHeaderRule[] };
  emulators: Record<string, { host?: string; port?: number }>;
}

export function readFirebaseJson(file: string): FirebaseJson {
  return JSON.parse(readFileSync(file, 'utf8')) as FirebaseJson;
}

/**
 * A `source` glob as a RegExp: `**` is any run of characters, `*` any run without a slash. Other
 * glob syntax is refused rather than matched differently from Firebase Hosting.
 */
export function globRegExp(glob: string): RegExp {
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

function matches(rule: HostingHeaderRule, pathname: string): boolean {
  if (rule.regex !== undefined) return new RegExp(rule.regex).test(pathname);
  if (rule.source !== undefined) return globRegExp(rule.source).test(pathname);
  return false;
}

/** The headers of the rules matching `pathname`, in order; a later rule's value for a key wins. */
export function hostingHeadersFor(
  rules: HostingHeaderRule[],
  pathname: string,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule, pathname)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/** `csp` with `sources` appended to its connect-src directive. */
export function withConnectSources(csp: string, sources: string[]): string {
  if (sources.length === 0) return csp;
  const directives = csp.split(';').map((d) => d.trim());
  const index = directives.findIndex((d) => d.split(/\s+/)[0] === 'connect-src');
  if (index === -1) throw new Error('the Content-Security-Policy has no connect-src');
  directives[index] = [directives[index], ...sources].join(' ');
  return directives.join('; ');
}

/**
 * The emulators' addresses the built app talks to, or [] for a real project. The same choice as
 * src/lib/firebase/app.ts: no VITE_FIREBASE_PROJECT_ID, or a `demo-` one, means the emulators at
 * VITE_*_EMULATOR_HOST (default: firebase.json's emulator ports).
 */
export function emulatorConnectSources(
  env: Record<string, string | undefined>,
  emulators: FirebaseJson['emulators'],
): string[] {
  const projectId = env.VITE_FIREBASE_PROJECT_ID;
  if (projectId && !projectId.startsWith('demo-')) return [];
  const address = (variable: string, emulator: string) => {
    const { host = '127.0.0.1', port } = emulators[emulator] ?? {};
    return `http://${env[variable] || `${host}:${port}`}`;
  };
  return [
    address('VITE_FIRESTORE_EMULATOR_HOST', 'firestore'),
    address('VITE_AUTH_EMULATOR_HOST', 'auth'),
    address('VITE_FUNCTIONS_EMULATOR_HOST', 'functions'),
  ];
}

/** `vite preview` sends firebase.json's hosting headers (the CSP extended for the emulators). */
export function hostingHeaders(options: { firebaseJson: string }): Plugin {
  let env: Record<string, string | undefined> = {};
  return {
    name: 'vagas:hosting-headers',
    configResolved(config) {
      env = config.env;
    },
    configurePreviewServer(server) {
      // Read once, when the preview starts (not per build, nor per request).
      const { hosting, emulators } = readFirebaseJson(options.firebaseJson);
      const rules = hosting.headers ?? [];
      const localSources = emulatorConnectSources(env, emulators);
      server.middlewares.use((req, res, next) => {
        // The path asked for: another middleware may rewrite req.url to the file it serves.
        const { pathname } = new URL(req.originalUrl ?? req.url ?? '/', 'http://preview.local');
        for (const [key, value] of Object.entries(hostingHeadersFor(rules, pathname))) {
          const csp = key.toLowerCase() === 'content-security-policy';
          res.setHeader(key, csp ? withConnectSources(value, localSources) : value);
        }
        next();
      });
    },
  };
}
