/** The admin screens' pt-BR texts, quoted in docs/product.md (keep them exact). */
import { formatCount } from '@/domain/format';
import type { ToastText } from '@/domain/messages';

export const adminTexts = {
  backToSite: 'Voltar ao site',
  title: 'Painel Administrativo',
  subtitle: 'Gestão de Vagas',
  email: 'Email',
  password: 'Senha',
  signIn: 'Entrar',
  signingIn: 'Entrando...',
  signOut: 'Sair',
  /** The browser's bubble for an empty or malformed field, in Portuguese whatever its language. */
  fieldRequired: 'Preencha este campo.',
  emailInvalid: 'Informe um email válido (ex.: nome@empresa.com.br).',
  tabs: {
    leads: 'Leads',
    /** null: still counting. */
    trash: (count: number | null) => `Lixeira (${count === null ? '…' : formatCount(count)})`,
    reports: 'Relatórios',
    settings: 'Configurações',
  },
} as const;

export const loginSuccessToast: ToastText = {
  title: 'Login realizado com sucesso!',
  message: 'Redirecionando para o painel...',
};

export const loginDeniedToast: ToastText = {
  title: 'Acesso negado',
  message: 'Este usuário não tem permissões administrativas.',
};

export const panelDeniedToast: ToastText = {
  title: 'Acesso negado',
  message: 'Você não tem permissões administrativas.',
};

export const loginErrorTitle = 'Erro no login';
export const wrongCredentialsMessage = 'Email ou senha incorretos.';

export const logoutToast: ToastText = { title: 'Logout realizado' };
