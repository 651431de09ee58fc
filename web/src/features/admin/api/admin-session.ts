/** Admin sign-in, the server-side admin checks (callables) and sign-out. */
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { auth } from '@/lib/firebase/auth';
import { functions } from '@/lib/firebase/functions';

const linkAdminUserCallable = httpsCallable<null, boolean>(functions, 'linkAdminUser');
const isCurrentUserAdminCallable = httpsCallable<null, boolean>(functions, 'isCurrentUserAdmin');

function expectBoolean(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new Error(`${name} returned ${JSON.stringify(value)}`);
  return value;
}

/** What a sign-in attempt ended in (errors are thrown). */
export type AdminSignInResult = 'admin' | 'not-admin';

/**
 * Signs in with email and password, asks linkAdminUser to confirm (and claim) admin rights, and
 * refreshes the ID token so the new claim is in it. A non-admin, or any failure after the
 * password was accepted, is signed out again.
 */
export async function signInAdmin(email: string, password: string): Promise<AdminSignInResult> {
  const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
  try {
    const { data } = await linkAdminUserCallable(null);
    if (!expectBoolean('linkAdminUser', data)) {
      await signOut(auth);
      return 'not-admin';
    }
    await credential.user.getIdToken(true);
    return 'admin';
  } catch (error) {
    await signOut(auth).catch(() => undefined);
    throw error;
  }
}

/** Asks the server whether the signed-in user's token carries the admin claim. */
export async function isCurrentUserAdmin(): Promise<boolean> {
  const { data } = await isCurrentUserAdminCallable(null);
  return expectBoolean('isCurrentUserAdmin', data);
}

/** Ends the browser session. */
export function signOutAdmin(): Promise<void> {
  return signOut(auth);
}
