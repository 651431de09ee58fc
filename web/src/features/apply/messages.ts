/**
 * The application pages' pt-BR texts, quoted from docs/product.md ("Public pages"; keep them
 * exact): titles, the fields' labels and placeholders, the submit button, the toasts, and what the
 * forms say next to a field (issue 26).
 */
import { appConfig } from '@/config/app-config';
import { consentNotes } from '@/domain/consent';
import type { ToastText } from '@/domain/messages';
import { ageLimits } from '@/domain/options';

const employer = appConfig.callCenterEmployer.name;

/** A form field's label and placeholder. */
export interface FieldText {
  label: string;
  placeholder?: string;
}

export const applyTexts = {
  submit: 'Enviar Candidatura',
  sending: 'Enviando...',
  /** The link to '/privacidade' under both forms (LGPD, issue 26). */
  privacyLink: 'Como usamos seus dados',
  /** The fields both forms open with. */
  nome: { label: 'Nome Completo', placeholder: 'Digite seu nome completo' },
  whatsapp: { label: 'WhatsApp', placeholder: '(79) 99999-9999' },
  root: {
    title: 'Vagas de Emprego',
    subtitle: 'Candidate-se às nossas vagas de emprego em Coité',
    /** The consent note under the button (LGPD, issue 26; its version: domain/consent.ts). */
    consent: consentNotes.root.text,
    vaga: { label: 'Vaga', placeholder: 'Selecione a vaga' },
    cidade: { label: 'Cidade', placeholder: 'Selecione sua localidade' },
  },
  callCenter: {
    title: 'Vagas de Call Center',
    subtitle: `Faça parte da equipe ${employer}! Oportunidades em Aracaju e Região.`,
    /** The consent note under the button (its version goes with each lead: domain/consent.ts). */
    consent: consentNotes.callCenter.text,
    vaga: { label: 'Vaga que tenho Experiência', placeholder: 'Selecione a vaga' },
    cidade: { label: 'Localização (Aracaju e Região)', placeholder: 'Selecione sua localização' },
    idade: { label: 'Idade', placeholder: 'Sua idade' },
    tempo_experiencia: { label: 'Tempo de Experiência', placeholder: 'Selecione o tempo' },
  },
} as const;

/** What the forms say next to a field: empty, an incomplete WhatsApp number, an age out of bounds. */
export const fieldTexts = {
  required: 'Campo obrigatório',
  whatsappIncomplete: 'Informe o número completo, com DDD: (75) 98123-4567',
  ageOutOfRange: `A idade deve estar entre ${ageLimits.min} e ${ageLimits.max} anos.`,
} as const;

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
