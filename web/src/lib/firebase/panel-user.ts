/**
 * The signed-in user as `{ status, data }` (what the panel used of reactfire's `useUser`). Apart
 * from panel-sdk.ts, whose data modules Node scripts type-check without Vite's `import.meta.env`
 * (lib/firebase/app.ts, which Auth needs).
 */
import { onIdTokenChanged, type User } from 'firebase/auth';
import { useSyncExternalStore } from 'react';
import { auth } from './auth';

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
