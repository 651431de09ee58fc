/** /admin: the guarded panel shell — header, 'Sair' and the four tabs. */
import { Container, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { signOutAdmin } from '../api/admin-session';
import { AdminGuard, adminLoginPath } from '../components/AdminGuard/AdminGuard';
import { AdminHeader } from '../components/AdminHeader/AdminHeader';
import { AdminProviders } from '../components/AdminProviders/AdminProviders';
import { PanelFirestoreProvider } from '../components/AdminProviders/PanelFirestoreProvider';
import { AdminTabs } from '../components/AdminTabs/AdminTabs';
import { logoutToast } from '../messages';
import { showToast } from '../../../components/toast';

/** Honest placeholder for a tab whose content is a later issue. */
function Pending({ children }: { children: string }) {
  return <Text c="dimmed">{children}</Text>;
}

export function AdminPanel() {
  const navigate = useNavigate();

  const signOut = async () => {
    try {
      await signOutAdmin();
      showToast(logoutToast, 'success');
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    navigate(adminLoginPath, { replace: true });
  };

  return (
    <>
      <AdminHeader onSignOut={() => void signOut()} />
      <Container size="xl" py="lg">
        <AdminTabs
          trashCount={0}
          panels={{
            leads: <Pending>A lista de leads ainda não está disponível nesta versão.</Pending>,
            lixeira: <Pending>A lixeira ainda não está disponível nesta versão.</Pending>,
            relatorios: <Pending>Relatórios detalhados serão implementados em breve.</Pending>,
            configuracoes: (
              <Pending>As configurações ainda não estão disponíveis nesta versão.</Pending>
            ),
          }}
        />
      </Container>
    </>
  );
}

export function Component() {
  return (
    <AdminProviders>
      <AdminGuard>
        <PanelFirestoreProvider>
          <AdminPanel />
        </PanelFirestoreProvider>
      </AdminGuard>
    </AdminProviders>
  );
}
