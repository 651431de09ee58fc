import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { FirebaseError } from 'firebase/app';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import { AdminLogin } from './AdminLoginPage';

const session = vi.hoisted(() => ({
  signInAdmin: vi.fn<(email: string, password: string) => Promise<'admin' | 'not-admin'>>(),
}));
const userState = vi.hoisted(() => ({
  current: { status: 'success', data: null } as { status: string; data: unknown },
}));
vi.mock('../api/admin-session', () => session);
vi.mock('@/features/admin/hooks/use-auth-user', () => ({ useAuthUser: () => userState.current }));

async function fillAndSubmit(email = 'admin@vagas.test', password = 'vagas-admin') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Senha/), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

beforeEach(() => {
  session.signInAdmin.mockReset();
  userState.current = { status: 'success', data: null };
});

describe('AdminLogin', () => {
  it('shows the title, the two required fields and Entrar', () => {
    renderAt('/admin/login', <AdminLogin />);
    expect(screen.getByRole('heading', { name: 'Painel Administrativo' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toBeRequired();
    expect(screen.getByLabelText(/Senha/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    // Not a bare card: the company and a way back to the site.
    expect(screen.getByText('8 Rural Chocadeiras')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao site' })).toHaveAttribute('href', '/');
  });

  it('does not try to sign in while a field is empty', async () => {
    renderAt('/admin/login', <AdminLogin />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    expect(session.signInAdmin).not.toHaveBeenCalled();
  });

  it('shows Entrando... (disabled) while signing in, then toasts and opens the panel', async () => {
    let finish: (v: 'admin') => void = () => {};
    session.signInAdmin.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderAt('/admin/login', <AdminLogin />);
    await fillAndSubmit();
    expect(session.signInAdmin).toHaveBeenCalledWith('admin@vagas.test', 'vagas-admin');
    expect(screen.getByRole('button', { name: 'Entrando...' })).toBeDisabled();
    finish('admin');
    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Redirecionando para o painel...')).toBeInTheDocument();
    expect(await screen.findByTestId('where')).toHaveTextContent('panel /admin');
  });

  it('opens the record link the visitor came for once signed in', async () => {
    session.signInAdmin.mockResolvedValue('admin');
    renderAt('/admin/login', <AdminLogin />, '/admin/login?voltar=%2Fadmin%2Fleads%2Flead-7');
    await fillAndSubmit();
    expect(await screen.findByTestId('where')).toHaveTextContent('record /admin/leads/lead-7');
  });

  it('sends a signed-in admin straight to the address it came for, never off the panel', async () => {
    userState.current = { status: 'success', data: { uid: 'u1' } as unknown as User };
    const { unmount } = renderAt(
      '/admin/login',
      <AdminLogin />,
      '/admin/login?voltar=%2Fadmin%3Fbusca%3Dfatima',
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('panel /admin?busca=fatima');
    unmount();
    renderAt('/admin/login', <AdminLogin />, '/admin/login?voltar=https%3A%2F%2Fexample.com');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^panel \/admin$/);
  });

  it('refuses a non-admin with Acesso negado and stays on the login page', async () => {
    session.signInAdmin.mockResolvedValue('not-admin');
    renderAt('/admin/login', <AdminLogin />);
    await fillAndSubmit();
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(
      screen.getByText('Este usuário não tem permissões administrativas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('toasts Erro no login / Email ou senha incorretos. for rejected credentials', async () => {
    session.signInAdmin.mockRejectedValue(
      new FirebaseError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin/login', <AdminLogin />);
    await fillAndSubmit('admin@vagas.test', 'wrong');
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Email ou senha incorretos.')).toBeInTheDocument();
  });

  it("a new attempt clears the last one's Erro no login, so it never sits beside the success", async () => {
    session.signInAdmin.mockRejectedValueOnce(
      new FirebaseError('auth/invalid-credential', 'wrong password'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin/login', <AdminLogin />);
    await fillAndSubmit('admin@vagas.test', 'wrong');
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    session.signInAdmin.mockResolvedValueOnce('admin');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Senha/));
    await user.type(screen.getByLabelText(/Senha/), 'vagas-admin');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Erro no login')).toBeNull());
  });

  it('says what an empty or malformed field needs in Portuguese (the browser bubble)', async () => {
    renderAt('/admin/login', <AdminLogin />);
    const email = screen.getByLabelText<HTMLInputElement>(/Email/);
    const password = screen.getByLabelText<HTMLInputElement>(/Senha/);
    expect(email.checkValidity()).toBe(false);
    expect(email.validationMessage).toBe('Preencha este campo.');
    expect(password.checkValidity()).toBe(false);
    expect(password.validationMessage).toBe('Preencha este campo.');
    const user = userEvent.setup();
    await user.type(email, 'admin');
    expect(email.validationMessage).not.toBe('Preencha este campo.');
    expect(email.checkValidity()).toBe(false);
    expect(email.validationMessage).toBe('Informe um email válido (ex.: nome@empresa.com.br).');
    await user.type(email, '@vagas.test');
    expect(email.checkValidity()).toBe(true);
  });

  it('toasts the server message for other failures', async () => {
    session.signInAdmin.mockRejectedValue(new Error('Servidor indisponível'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin/login', <AdminLogin />);
    await fillAndSubmit();
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Servidor indisponível')).toBeInTheDocument();
  });

  it('sends an existing session straight to /admin', async () => {
    userState.current = { status: 'success', data: { uid: 'u1' } as User };
    renderAt('/admin/login', <AdminLogin />);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('panel /admin'));
  });
});
