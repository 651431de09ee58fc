/** The admin screens' pt-BR texts, quoted from product-spec sections 2, 6 and 8 (keep them exact). */

/** A toast: title plus message. */
export interface AdminToast {
  title: string;
  message?: string;
}

export const adminTexts = {
  title: 'Painel Administrativo',
  subtitle: 'Gestão de Vagas',
  email: 'Email',
  password: 'Senha',
  signIn: 'Entrar',
  signingIn: 'Entrando...',
  signOut: 'Sair',
  tabs: {
    leads: 'Leads',
    trash: (count: number) => `Lixeira (${count})`,
    reports: 'Relatórios',
    settings: 'Configurações',
  },
} as const;

export const loginSuccessToast: AdminToast = {
  title: 'Login realizado com sucesso!',
  message: 'Redirecionando para o painel...',
};

export const loginDeniedToast: AdminToast = {
  title: 'Acesso negado',
  message: 'Este usuário não tem permissões administrativas.',
};

export const panelDeniedToast: AdminToast = {
  title: 'Acesso negado',
  message: 'Você não tem permissões administrativas.',
};

export const loginErrorTitle = 'Erro no login';
export const wrongCredentialsMessage = 'Email ou senha incorretos.';

export const logoutToast: AdminToast = { title: 'Logout realizado' };
