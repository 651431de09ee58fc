/**
 * The signed-in user for the login page, in the `{status, data}` shape of the panel's `useUser`
 * (lib/firebase/panel-user.ts), as its auth state: a token refresh during the sign-in (the new
 * admin claim) does not render the page again.
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
