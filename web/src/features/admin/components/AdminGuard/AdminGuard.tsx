/**
 * The /admin guard: no session -> /admin/login (which comes back to this address after the
 * sign-in); with a session, asks isCurrentUserAdmin (deferred
 * right after the auth event). A non-admin gets the 'Acesso negado' toast and is signed out; a
 * failing check is logged and signs out.
 *
 * While the server is asked, a session whose own ID token already carries the `admin` claim (the
 * claim the server checks, and the one the security rules check) renders the panel at once, so its
 * data connection and first listen start beside the check instead of after it
 * (web/README.md, "The panel's open on a slow phone"). What the
 * panel shows of the data waits for the server's answer (`useAdminConfirmed`); if the answer is no,
 * the panel is taken down before the sign-out. A session without the claim waits for the answer.
 */
import { Center, Loader } from '@mantine/core';
import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '@/lib/firebase/panel-user';
import { isCurrentUserAdmin, signOutAdmin } from '@/features/admin/api/admin-session';
import { loginPathFrom } from '@/features/admin/api/login-return';
import { panelDeniedToast } from '@/features/admin/messages';
import { showToast } from '@/components/toast';
import { routes } from '@/config/routes';

function Checking() {
  return (
    <Center h="100vh">
      <Loader aria-label="Carregando" />
    </Center>
  );
}

/**
 * Whether the server has confirmed the signed-in user as an admin (false while it is asked). The
 * guard provides it; tests of the panel without the guard provide it themselves.
 */
export const AdminConfirmed = createContext(false);

/** Inside AdminGuard: true once isCurrentUserAdmin has answered yes for this session. */
export function useAdminConfirmed(): boolean {
  return useContext(AdminConfirmed);
}

/** What is known of one user's access: from the token's claim, then from the server. */
interface Access {
  uid: string;
  claim?: boolean;
  server?: 'admin' | 'denied' | 'failed';
}

/** The token's own `admin` claim, read from the cached ID token (no request while it is fresh). */
async function tokenClaimsAdmin(user: User): Promise<boolean> {
  const { claims } = await user.getIdTokenResult();
  return claims.admin === true;
}

/** The access of `user`, asked once per signed-in uid (a refreshed token is the same session). */
function useAccess(user: User | null): Access | null {
  const [access, setAccess] = useState<Access | null>(null);
  const uid = user?.uid ?? null;
  const userRef = useRef(user);
  userRef.current = user;
  useEffect(() => {
    const user = userRef.current;
    if (uid === null || user === null) return;
    let cancelled = false;
    const update = (change: Omit<Access, 'uid'>) => {
      if (cancelled) return;
      setAccess((previous) => ({ ...(previous?.uid === uid ? previous : {}), uid, ...change }));
    };
    const claim = tokenClaimsAdmin(user).catch(() => false);
    // Deferred: the check runs after the auth event has been handled, never inside it.
    const timer = setTimeout(() => {
      isCurrentUserAdmin().then(
        (admin) => update({ server: admin ? 'admin' : 'denied' }),
        (error: unknown) => {
          if (cancelled) return;
          console.error('Admin permission check failed', error);
          update({ server: 'failed' });
        },
      );
      // The claim is applied after the check has been sent: the panel's first render (long on a
      // slow phone) does not hold the request up.
      void claim.then((admin) => update({ claim: admin }));
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [uid]);
  return access !== null && access.uid === uid ? access : null;
}

export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, data: user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const access = useAccess(user ?? null);
  const refused = access?.server === 'denied' || access?.server === 'failed';

  // Runs once the panel is down (this render has removed it): toast, sign-out, login page.
  useEffect(() => {
    if (!refused) return;
    if (access?.server === 'denied') showToast(panelDeniedToast, 'error');
    let active = true;
    void signOutAdmin()
      .catch((error: unknown) => console.error('signOut failed', error))
      .then(() => {
        if (active) navigate(routes.adminLogin, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [refused, access?.server, navigate]);

  // Signed out: the login page, which comes back here (a record link, the list's filters) after.
  const login = loginPathFrom(`${location.pathname}${location.search}`);
  if (status === 'loading') return <Checking />;
  if (!user) return <Navigate to={login} replace />;
  if (!access || refused) return <Checking />;
  const confirmed = access.server === 'admin';
  if (!confirmed && access.claim !== true) return <Checking />;
  return <AdminConfirmed.Provider value={confirmed}>{children}</AdminConfirmed.Provider>;
}
