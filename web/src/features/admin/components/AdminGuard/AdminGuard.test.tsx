import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/components/test-utils/render-at';
import { AdminGuard, useAdminConfirmed } from './AdminGuard';

const session = vi.hoisted(() => ({
  isCurrentUserAdmin: vi.fn<() => Promise<boolean>>(),
  signOutAdmin: vi.fn<() => Promise<void>>(),
}));
const userState = vi.hoisted(() => ({
  current: { status: 'loading', data: undefined } as { status: string; data: unknown },
}));
vi.mock('../../api/admin-session', () => session);
vi.mock('@/lib/firebase/panel-user', () => ({ useUser: () => userState.current }));

const panel = <AdminGuard>conteúdo do painel</AdminGuard>;

/** What the panel shows of the data only once the server has confirmed the admin. */
function LeadRows() {
  return useAdminConfirmed() ? <p>linha de um lead</p> : <p>quadro sem dados</p>;
}
const panelWithRows = (
  <AdminGuard>
    <LeadRows />
  </AdminGuard>
);

/** A signed-in user whose cached ID token carries (or not) the admin claim. */
const userWithClaim = (uid: string, admin: boolean) => ({
  uid,
  getIdTokenResult: () => Promise.resolve({ claims: admin ? { admin: true } : {} }),
});

/** A server answer the test gives when it chooses. */
function pendingAnswer() {
  let answer: (admin: boolean) => void = () => {};
  session.isCurrentUserAdmin.mockReturnValue(
    new Promise<boolean>((resolve) => {
      answer = resolve;
    }),
  );
  return (admin: boolean) => answer(admin);
}

beforeEach(() => {
  session.isCurrentUserAdmin.mockReset();
  session.signOutAdmin.mockReset().mockResolvedValue(undefined);
});

describe('AdminGuard', () => {
  it('sends a visitor without session to /admin/login without asking the server', async () => {
    userState.current = { status: 'success', data: null };
    renderAt('/admin', panel);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(session.isCurrentUserAdmin).not.toHaveBeenCalled();
  });

  it('sends a visitor opening a record link to /admin/login with the way back', async () => {
    userState.current = { status: 'success', data: null };
    renderAt('/admin', panel, '/admin/leads/lead-7?status=novo');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        'login /admin/login?voltar=%2Fadmin%2Fleads%2Flead-7%3Fstatus%3Dnovo',
      ),
    );
  });

  it('waits for the auth state before deciding', () => {
    userState.current = { status: 'loading', data: undefined };
    renderAt('/admin', panel);
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    expect(screen.queryByText('conteúdo do painel')).toBeNull();
  });

  it('asks isCurrentUserAdmin after the auth event and shows the panel to an admin', async () => {
    userState.current = { status: 'success', data: { uid: 'u1' } };
    session.isCurrentUserAdmin.mockResolvedValue(true);
    renderAt('/admin', panel);
    // Deferred: not called synchronously during the render that saw the user.
    expect(session.isCurrentUserAdmin).not.toHaveBeenCalled();
    expect(await screen.findByText('conteúdo do painel')).toBeInTheDocument();
    expect(session.isCurrentUserAdmin).toHaveBeenCalledTimes(1);
    expect(session.signOutAdmin).not.toHaveBeenCalled();
  });

  it('refuses a non-admin: toast, sign-out, login page; the panel never shows', async () => {
    userState.current = { status: 'success', data: { uid: 'u2' } };
    session.isCurrentUserAdmin.mockResolvedValue(false);
    renderAt('/admin', panel);
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissões administrativas.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('conteúdo do painel')).toBeNull();
  });

  it('logs a failing check and signs out', async () => {
    userState.current = { status: 'success', data: { uid: 'u3' } };
    const failure = new Error('functions down');
    session.isCurrentUserAdmin.mockRejectedValue(failure);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin', panel);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(log).toHaveBeenCalledWith('Admin permission check failed', failure);
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Acesso negado')).toBeNull();
  });

  it("renders the panel on the token's admin claim while the server is asked; data once it says yes", async () => {
    userState.current = { status: 'success', data: userWithClaim('u4', true) };
    const answer = pendingAnswer();
    renderAt('/admin', panelWithRows);
    expect(await screen.findByText('quadro sem dados')).toBeInTheDocument();
    await waitFor(() => expect(session.isCurrentUserAdmin).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('linha de um lead')).toBeNull();
    answer(true);
    expect(await screen.findByText('linha de um lead')).toBeInTheDocument();
    expect(session.signOutAdmin).not.toHaveBeenCalled();
  });

  it('takes an optimistic panel down when the server says no: no data, toast, sign-out, login', async () => {
    userState.current = { status: 'success', data: userWithClaim('u5', true) };
    const answer = pendingAnswer();
    renderAt('/admin', panelWithRows);
    expect(await screen.findByText('quadro sem dados')).toBeInTheDocument();
    await waitFor(() => expect(session.isCurrentUserAdmin).toHaveBeenCalledTimes(1));
    answer(false);
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissões administrativas.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(session.signOutAdmin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('linha de um lead')).toBeNull();
    expect(screen.queryByText('quadro sem dados')).toBeNull();
  });

  it('waits for the server when the token has no admin claim', async () => {
    userState.current = { status: 'success', data: userWithClaim('u6', false) };
    const answer = pendingAnswer();
    renderAt('/admin', panelWithRows);
    await waitFor(() => expect(session.isCurrentUserAdmin).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
    expect(screen.queryByText('quadro sem dados')).toBeNull();
    answer(false);
    expect(await screen.findByText('Acesso negado')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('login /admin/login'),
    );
    expect(screen.queryByText('quadro sem dados')).toBeNull();
    expect(screen.queryByText('linha de um lead')).toBeNull();
  });
});
