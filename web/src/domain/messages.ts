/** The public pages' pt-BR texts, quoted in docs/product.md (keep them exact). */
import { appConfig } from '../config/app-config';

const employer = appConfig.callCenterEmployer.name;

/** A toast's texts: a title and, usually, a message. The one toast type of the app. */
export interface ToastText {
  title: string;
  message?: string;
}

export const requiredFieldsToast: ToastText = {
  title: 'Campos obrigatórios',
  message: 'Por favor, preencha todos os campos.',
};

export const submitErrorToast: ToastText = {
  title: 'Erro ao enviar',
  message: 'Tente novamente em alguns instantes.',
};

export const rootSuccessToast: ToastText = {
  title: 'Candidatura enviada com sucesso! 🎉',
  message: 'Entraremos em contato em breve. Obrigado!',
};

export const callCenterSuccessToast: ToastText = {
  title: 'Candidatura enviada com sucesso!',
  message: `${employer} entrará em contato em breve. Obrigado!`,
};

export const redirectLoadErrorToast: ToastText = {
  title: 'Erro',
  message: 'Não foi possível carregar as configurações de redirecionamento',
};

export const publicTexts = {
  adminLinkTitle: 'Acesso administrativo',
  submit: 'Enviar Candidatura',
  sending: 'Enviando...',
  root: {
    title: 'Vagas de Emprego',
    subtitle: 'Candidate-se às nossas vagas de emprego em Coité',
  },
  callCenter: {
    title: 'Vagas de Call Center',
    subtitle: `Faça parte da equipe ${employer}! Oportunidades em Aracaju e Região.`,
    consent: `Ao enviar sua candidatura, você concorda em ser contatado(a) pela equipe ${employer}.`,
  },
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
  // Not in the spec: a page whose code could not be downloaded (connection lost, new deployment).
  pageLoadFailed: 'Não foi possível carregar a página. Verifique sua conexão.',
  reload: 'Tentar novamente',
} as const;
