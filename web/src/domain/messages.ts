/**
 * The toast type, and the pt-BR texts the public pages share outside a feature (the page layout,
 * the app shell) or that the redirect and 404 pages use, quoted in docs/product.md (keep them
 * exact). The application forms' texts are in features/apply/messages.ts.
 */

/** A toast's texts: a title and, usually, a message. The one toast type of the app. */
export interface ToastText {
  title: string;
  message?: string;
}

export const redirectLoadErrorToast: ToastText = {
  title: 'Erro',
  message: 'Não foi possível carregar as configurações de redirecionamento',
};

export const publicTexts = {
  adminLinkTitle: 'Acesso administrativo',
  redirect: {
    title: 'Peço que aguarde',
    subtitle: 'Iremos encaminhar para o WhatsApp',
    connecting: 'Conectando...',
    goNow: 'Ir para WhatsApp agora',
    noLink: 'Link não configurado',
    automatic: 'Redirecionamento automático',
    live: 'LIVE',
  },
  notFound: {
    message: 'Oops! Page not found',
    home: 'Return to Home',
  },
  // Not quoted in docs/product.md: a page whose code could not be downloaded (connection lost, new
  // deployment).
  pageLoadFailed: 'Não foi possível carregar a página. Verifique sua conexão.',
  reload: 'Tentar novamente',
} as const;
