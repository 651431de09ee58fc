/**
 * Stands in for code this app never runs: the Firebase SDKs reactfire imports at its top level
 * (Realtime Database, Storage, Remote Config: about 40 KB gzip), and re2js, which Firestore imports
 * only to evaluate the regex functions of pipelines (about 44 KB gzip; the app runs no pipeline).
 * vite.config.ts aliases those imports here. Calling one is a programming error.
 */
function unused(name: string): never {
  throw new Error(
    `${name}: this app does not use that Firebase SDK (see web/src/lib/firebase/unused-sdks.ts)`,
  );
}

// firebase/database
export const get = () => unused('database.get');
export const off = () => unused('database.off');
export const onChildAdded = () => unused('database.onChildAdded');
export const onChildChanged = () => unused('database.onChildChanged');
export const onChildMoved = () => unused('database.onChildMoved');
export const onChildRemoved = () => unused('database.onChildRemoved');
export const onValue = () => unused('database.onValue');
// firebase/remote-config
export const ensureInitialized = () => unused('remoteConfig.ensureInitialized');
export const getAll = () => unused('remoteConfig.getAll');
export const getBoolean = () => unused('remoteConfig.getBoolean');
export const getNumber = () => unused('remoteConfig.getNumber');
export const getString = () => unused('remoteConfig.getString');
export const getValue = () => unused('remoteConfig.getValue');
// firebase/storage
export const getDownloadURL = () => unused('storage.getDownloadURL');
export const ref = () => unused('storage.ref');
// re2js (Firestore pipelines' regexMatch / regexContains)
export const RE2JS = {
  compile: () => unused('re2js.RE2JS.compile (Firestore pipeline regex functions)'),
};
