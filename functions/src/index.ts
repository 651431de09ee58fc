/** Vagas callables: linkAdminUser, isCurrentUserAdmin, countRedirect (Cloud Functions v2). */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions';
import { onCall } from 'firebase-functions/https';
import * as access from './admin-access.js';
import { functionsConfig } from './config.js';
import { countRedirect as runCountRedirect } from './redirect-counter.js';
import { assertNoArguments, requireCaller } from './validation.js';

setGlobalOptions({ region: functionsConfig.region, maxInstances: 10 });

const app = initializeApp();
const db = getFirestore(app);
const auth = getAuth(app);

/** The admin SDK behind linkAdminUser. */
const directory: access.AdminDirectory = {
  async getAllowListEntry(email) {
    const snap = await db.collection(functionsConfig.adminsCollection).doc(email).get();
    if (!snap.exists) return null;
    const uid = snap.get('uid');
    return { email: String(snap.get('email') ?? email), uid: typeof uid === 'string' ? uid : null };
  },
  async getUser(uid) {
    const user = await auth.getUser(uid);
    return {
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified,
      customClaims: user.customClaims,
    };
  },
  async setCustomClaims(uid, claims) {
    await auth.setCustomUserClaims(uid, claims);
  },
};

/** Called right after sign-in: grants the admin claim to allow-listed users; returns a boolean. */
export const linkAdminUser = onCall<unknown, Promise<boolean>>(async (request) => {
  assertNoArguments(request.data);
  const caller = requireCaller(request);
  return access.linkAdminUser(caller, directory);
});

/** Whether the caller's verified ID token carries `admin: true`. */
export const isCurrentUserAdmin = onCall<unknown, boolean>((request) => {
  assertNoArguments(request.data);
  return access.isCurrentUserAdmin(requireCaller(request));
});

/** Public: counts one redirect (only when a link is configured); returns the new count. */
export const countRedirect = onCall<unknown, Promise<number>>(async (request) => {
  assertNoArguments(request.data);
  return runCountRedirect(db);
});
