import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  emulatorConnectSources,
  globRegExp,
  hostingHeadersFor,
  readFirebaseJson,
  withConnectSources,
} from './vite.hosting-headers';

const firebaseJson = readFirebaseJson(path.resolve(import.meta.dirname, '../firebase.json'));
const rules = firebaseJson.hosting.headers ?? [];

describe("firebase.json's hosting headers", () => {
  test('every page: a CSP without inline scripts or local addresses, and the other headers', () => {
    for (const path of ['/', '/conecta', '/redirecionamento', '/admin/login', '/admin', '/x']) {
      const headers = hostingHeadersFor(rules, path);
      const csp = headers['Content-Security-Policy'];
      const directives = csp.split(';').map((d) => d.trim());
      expect(directives).toContain("script-src 'self' https://connect.facebook.net");
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
    expect(hostingHeadersFor(rules, '/assets/index-AbC123.css')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(hostingHeadersFor(rules, '/app.html')['Cache-Control']).toBe('no-cache');
    // Rules for one key never overlap: the result does not depend on which rule wins.
    const cacheRules = rules.filter((r) => r.headers.some((h) => h.key === 'Cache-Control'));
    for (const path of ['/', '/conecta', '/index.html', '/assets/a-1.js', '/favicon.svg']) {
      expect(
        cacheRules.filter((r) => hostingHeadersFor([r], path)['Cache-Control']),
      ).not.toHaveLength(2);
    }
  });
});

test('globRegExp: ** crosses folders, * does not, other syntax is refused', () => {
  expect(globRegExp('**').test('/a/b.js')).toBe(true);
  expect(globRegExp('/assets/**').test('/assets/a/b.js')).toBe(true);
  expect(globRegExp('/assets/**').test('/assetsx/b.js')).toBe(false);
  expect(globRegExp('/*.html').test('/a/b.html')).toBe(false);
  expect(() => globRegExp('**/*.@(js|css)')).toThrow(/unsupported/);
});

test('the emulators are added to connect-src for a demo- project only', () => {
  const sources = emulatorConnectSources(
    { VITE_AUTH_EMULATOR_HOST: '127.0.0.1:41000' },
    firebaseJson.emulators,
  );
  expect(sources).toEqual([
    'http://127.0.0.1:8080',
    'http://127.0.0.1:41000',
    'http://127.0.0.1:5001',
  ]);
  expect(emulatorConnectSources({ VITE_FIREBASE_PROJECT_ID: 'vagas-prod' }, {})).toEqual([]);
  expect(withConnectSources("default-src 'self'; connect-src 'self'", ['http://h:1'])).toBe(
    "default-src 'self'; connect-src 'self' http://h:1",
  );
});
