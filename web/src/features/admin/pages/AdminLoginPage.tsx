/**
 * /admin/login: email and password sign-in, then the server's admin check (linkAdminUser), then
 * the panel address the visitor came for (login-return.ts).
 */
import '@mantine/core/styles.css';
import { Anchor, Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { signInAdmin } from '@/features/admin/api/admin-session';
import { loginErrorMessage } from '@/features/admin/api/login-error';
import { returnPathOf } from '@/features/admin/api/login-return';
import { useAuthUser } from '@/features/admin/hooks/use-auth-user';
import { LoginForm, type LoginValues } from '@/features/admin/components/LoginForm/LoginForm';
import {
  adminTexts,
  loginDeniedToast,
  loginErrorTitle,
  loginSuccessToast,
} from '@/features/admin/messages';
import { clearToasts, showToast } from '@/components/toast';
import { appConfig } from '@/config/app-config';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';
import { firstContentShown } from '@/lib/page/when-idle';

export function AdminLogin() {
  const { status, data: user } = useAuthUser();
  const navigate = useNavigate();
  // The panel address the guard sent the visitor away from (a record link), or /admin.
  const back = returnPathOf(useLocation().search);
  const [busy, setBusy] = useState(false);
  // The form is the page's content: what waited for the panel's first rows (the toasts) loads now.
  useEffect(firstContentShown, []);

  // An existing session goes straight to the panel (whose guard checks it). While a sign-in is
  // in progress the session exists before linkAdminUser has answered, so wait for it.
  if (!busy && status === 'success' && user) return <Navigate to={back} replace />;

  const submit = async ({ email, password }: LoginValues) => {
    // A new attempt supersedes the last one's 'Erro no login' (it must not sit beside a success).
    clearToasts();
    setBusy(true);
    try {
      const result = await signInAdmin(email, password);
      if (result === 'admin') {
        showToast(loginSuccessToast, 'success');
        navigate(back, { replace: true });
        return;
      }
      showToast(loginDeniedToast, 'error');
    } catch (error) {
      console.error('Admin sign-in failed', error);
      showToast({ title: loginErrorTitle, message: loginErrorMessage(error) }, 'error');
    }
    setBusy(false);
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        {/* The company's mark and name over the title, not a bare card. */}
        <Stack align="center" gap={4} mb="lg">
          <Image src="/logo.svg" alt="" w={64} h={64} />
          <Text fw={600}>{appConfig.companyName}</Text>
          <Title order={1} size="h2" ta="center">
            {adminTexts.title}
          </Title>
        </Stack>
        {status === 'loading' ? (
          <Center>
            <Loader aria-label="Carregando" />
          </Center>
        ) : (
          <LoginForm busy={busy} onSubmit={(values) => void submit(values)} />
        )}
        <Anchor component={Link} to={routes.root} size="sm" display="block" ta="center" mt="lg">
          {adminTexts.backToSite}
        </Anchor>
      </Paper>
    </Center>
  );
}

export function AdminLoginPage() {
  usePageTitle(routes.adminLogin);
  return <AdminLogin />;
}

export { AdminLoginPage as Component };
