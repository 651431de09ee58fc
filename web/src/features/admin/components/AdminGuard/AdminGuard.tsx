/**
 * The /admin guard: no session -> /admin/login; with a session, asks isCurrentUserAdmin (deferred
 * right after the auth event) and renders the panel only for an admin. A non-admin gets the
 * 'Acesso negado' toast and is signed out; a failing check is logged and signs out.
 */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useUser } from 'reactfire';
import { isCurrentUserAdmin, signOutAdmin } from '@/features/admin/api/admin-session';
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

export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, data: user } = useUser();
  const navigate = useNavigate();
  const uid = user?.uid ?? null;
  const [confirmedUid, setConfirmedUid] = useState<string | null>(null);

  useEffect(() => {
    if (uid === null) return;
    let cancelled = false;
    const deny = async () => {
      await signOutAdmin().catch((error: unknown) => console.error('signOut failed', error));
      if (!cancelled) navigate(routes.adminLogin, { replace: true });
    };
    // Deferred: the check runs after the auth event has been handled, never inside it.
    const timer = setTimeout(() => {
      isCurrentUserAdmin().then(
        (admin) => {
          if (cancelled) return;
          if (admin) {
            setConfirmedUid(uid);
          } else {
            showToast(panelDeniedToast, 'error');
            void deny();
          }
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error('Admin permission check failed', error);
          void deny();
        },
      );
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [uid, navigate]);

  if (status === 'error') return <Navigate to={routes.adminLogin} replace />;
  if (status === 'loading') return <Checking />;
  if (uid === null) return <Navigate to={routes.adminLogin} replace />;
  if (confirmedUid !== uid) return <Checking />;
  return children;
}
