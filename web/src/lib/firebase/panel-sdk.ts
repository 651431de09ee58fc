/**
 * What the panel used of reactfire: the Firestore instance from a provider (`useFirestore`) and
 * the signed-in user as `{ status, data }` (`useUser`), without its observable cache and the SDKs
 * it imports (about 8 KB gzip of the panel's first load, compiled before the first rows).
 */
import { onIdTokenChanged, type User } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { createContext, createElement, use, useSyncExternalStore, type ReactNode } from 'react';
import { auth } from './auth';

const FirestoreContext = createContext<Firestore | null>(null);

// No JSX in this file: Node scripts type-check modules that import it (data/vacancies.ts).
export function FirestoreProvider({ sdk, children }: { sdk: Firestore; children: ReactNode }) {
  return createElement(FirestoreContext, { value: sdk }, children);
}

export function useFirestore(): Firestore {
  const db = use(FirestoreContext);
  if (!db) throw new Error('useFirestore needs a FirestoreProvider above it');
  return db;
}

export type UserState =
  { status: 'loading'; data: undefined } | { status: 'success'; data: User | null };

/**
 * One listener to Auth's ID token for the page, its last value shared: a component mounted later
 * has the user at once. The ID token, not the auth state (as reactfire did): a refreshed token
 * (new claims) renders its readers again.
 */
let userState: UserState = { status: 'loading', data: undefined };
const userListeners = new Set<() => void>();
let listening = false;

function subscribeToUser(listener: () => void): () => void {
  userListeners.add(listener);
  if (!listening) {
    listening = true;
    onIdTokenChanged(auth, (user) => {
      userState = { status: 'success', data: user };
      userListeners.forEach((each) => each());
    });
  }
  return () => userListeners.delete(listener);
}

function currentUserState(): UserState {
  // Auth already restored the session (a later mount, or another page of the app first).
  if (userState.status === 'loading' && auth.currentUser) {
    userState = { status: 'success', data: auth.currentUser };
  }
  return userState;
}

export function useUser(): UserState {
  return useSyncExternalStore(subscribeToUser, currentUserState);
}
