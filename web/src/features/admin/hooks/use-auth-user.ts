/**
 * The signed-in user for the login page, in reactfire's `{status, data}` shape, without reactfire:
 * reactfire is one module that imports the full Firestore SDK, which the login page (Auth and
 * Functions only) must not download. The panel uses reactfire's `useUser` inside its providers.
 */
import { onAuthStateChanged, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { auth } from '@/lib/firebase/auth';

export type AuthUserState =
  { status: 'loading'; data: undefined } | { status: 'success'; data: User | null };

export function useAuthUser(): AuthUserState {
  const [state, setState] = useState<AuthUserState>(() =>
    // Known at once when the SDK has already restored the session.
    auth.currentUser
      ? { status: 'success', data: auth.currentUser }
      : { status: 'loading', data: undefined },
  );
  useEffect(
    () => onAuthStateChanged(auth, (user) => setState({ status: 'success', data: user })),
    [],
  );
  return state;
}
