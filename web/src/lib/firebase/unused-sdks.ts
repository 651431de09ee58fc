/**
 * Stands in for code this app never runs: re2js, which Firestore imports only to evaluate the
 * regex functions of pipelines (about 44 KB gzip; the app runs no pipeline). vite.config.ts
 * aliases that import here. Calling it is a programming error.
 */
function unused(name: string): never {
  throw new Error(`${name}: this app does not use it (see web/src/lib/firebase/unused-sdks.ts)`);
}

// re2js (Firestore pipelines' regexMatch / regexContains)
export const RE2JS = {
  compile: () => unused('re2js.RE2JS.compile (Firestore pipeline regex functions)'),
};
