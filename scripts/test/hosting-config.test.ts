// firebase.json's hosting: the headers Firebase Hosting sends for each path (the browser tests'
// reading of it), and the config the local suite gives the Hosting emulator: the deployed one, with
// the emulators' addresses in connect-src and nothing else changed.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  globRegExp,
  hostingHeadersFor,
  readFirebaseJson,
  suiteHosting,
  withConnectSources,
} from '../lib/hosting-config.mjs';

const rootDir = path.resolve(import.meta.dirname, '../..');
const firebaseJson = readFirebaseJson(path.join(rootDir, 'firebase.json'));
const rules = firebaseJson.hosting.headers ?? [];

describe("firebase.json's hosting headers", () => {
  test('every page: a CSP without inline scripts or local addresses, and the other headers', () => {
    for (const page of ['/', '/conecta', '/redirecionamento', '/admin/login', '/admin', '/x']) {
      const headers = hostingHeadersFor(rules, page);
      const csp = headers['Content-Security-Policy'];
      const directives = csp.split(';').map((d) => d.trim());
      // The site's scripts, the Meta pixel and reCAPTCHA Enterprise (App Check's provider).
      expect(directives).toContain(
        "script-src 'self' https://connect.facebook.net https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
      );
      expect(directives).toContain("frame-ancestors 'none'");
      expect(directives).toContain("object-src 'none'");
      expect(csp).not.toMatch(/127\.0\.0\.1|localhost/);
      expect(headers['X-Frame-Options']).toBe('DENY');
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['Cache-Control']).toBe('no-cache');
    }
  });

  test('hashed assets are cached for a year; the HTML files are revalidated', () => {
    expect(hostingHeadersFor(rules, '/assets/index-AbC123.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(hostingHeadersFor(rules, '/app.html')['Cache-Control']).toBe('no-cache');
    // Rules for one key never overlap: the result does not depend on which rule wins.
    const cacheRules = rules.filter((r) => r.headers.some((h) => h.key === 'Cache-Control'));
    for (const page of ['/', '/conecta', '/index.html', '/assets/a-1.js', '/favicon.svg']) {
      expect(
        cacheRules.filter((r) => hostingHeadersFor([r], page)['Cache-Control']),
      ).not.toHaveLength(2);
    }
  });

  test('globRegExp: ** crosses folders, * does not, other syntax is refused', () => {
    expect(globRegExp('**').test('/a/b.js')).toBe(true);
    expect(globRegExp('/assets/**').test('/assets/a/b.js')).toBe(true);
    expect(globRegExp('/assets/**').test('/assetsx/b.js')).toBe(false);
    expect(globRegExp('/*.html').test('/a/b.html')).toBe(false);
    expect(() => globRegExp('**/*.@(js|css)')).toThrow(/unsupported/);
  });
});

describe("the local suite's Hosting emulator config", () => {
  const emulators = ['http://127.0.0.1:8080', 'http://127.0.0.1:9099', 'http://127.0.0.1:5001'];
  const hosting = suiteHosting(firebaseJson.hosting, {
    configDir: rootDir,
    publicDir: path.join(rootDir, '.local', 'web-dist-5000'),
    connectSources: emulators,
  });

  test("is firebase.json's, served from the suite's build", () => {
    const { public: publicDir, headers, ...rest } = hosting;
    const { public: _deployed, headers: deployedHeaders, ...deployedRest } = firebaseJson.hosting;
    expect(publicDir).toBe(path.join('.local', 'web-dist-5000'));
    expect(rest).toEqual(deployedRest);
    expect(headers).toHaveLength(deployedHeaders?.length ?? 0);
  });

  test('adds the emulators to connect-src only; every other header is the deployed one', () => {
    for (const page of ['/', '/admin/login', '/assets/a-1.js', '/x']) {
      const deployed = hostingHeadersFor(rules, page);
      const local = hostingHeadersFor(hosting.headers ?? [], page);
      expect(local).toEqual({
        ...deployed,
        'Content-Security-Policy': withConnectSources(
          deployed['Content-Security-Policy'],
          emulators,
        ),
      });
      expect(local['Content-Security-Policy']).toMatch(
        /connect-src [^;]* http:\/\/127\.0\.0\.1:8080 http:\/\/127\.0\.0\.1:9099 http:\/\/127\.0\.0\.1:5001(;|$)/,
      );
    }
    // firebase.json itself is left as deployed.
    expect(hostingHeadersFor(rules, '/')['Content-Security-Policy']).not.toMatch(/127\.0\.0\.1/);
  });

  test('withConnectSources appends to connect-src, and refuses a policy without it', () => {
    expect(withConnectSources("default-src 'self'; connect-src 'self'", ['http://h:1'])).toBe(
      "default-src 'self'; connect-src 'self' http://h:1",
    );
    expect(withConnectSources("default-src 'self'", [])).toBe("default-src 'self'");
    expect(() => withConnectSources("default-src 'self'", ['http://h:1'])).toThrow(/connect-src/);
  });
});
