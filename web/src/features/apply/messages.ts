/**
 * The application pages' pt-BR texts, quoted from docs/product.md ("Public pages"; keep them
 * exact): titles, each field's label, placeholder and what the form says when its value cannot
 * be sent, the submit button and the toasts. Every field a form asks for (lead.ts
 * `formInputFields`) must have its texts here: the types say which.
 */
import { appConfig } from '@/config/app-config';
import { consentNotes } from '@/domain/consent';
import type { FormInputName, LeadForm } from '@/domain/lead';
import type { ToastText } from '@/domain/messages';
import { ageLimits } from '@/domain/options';

const employer = appConfig.callCenterEmployer.name;

/** A form field's label, placeholder, and what the form says when the value cannot be sent. */
export interface FieldText {
  label: string;
  placeholder?: string;
  /** Filled in, but not a value the lead can have (a short number, an age out of bounds). */
  invalid: string;
}

/** The texts of every field `Form` asks for. */
export type FormFieldTexts<Form extends LeadForm> = Record<FormInputName<Form>, FieldText>;

const chooseFromList = 'Escolha uma das opções da lista.';

/**
 * The fields both forms open with. The WhatsApp placeholder shows the DDD of the page's town:
 * 75 for Conceição do Coité, 79 for Aracaju.
 */
function contactFields(ddd: '75' | '79') {
  return {
    nome: {
      label: 'Nome Completo',
      placeholder: 'Digite seu nome completo',
      invalid: 'Informe seu nome completo.',
    },
    whatsapp: {
      label: 'WhatsApp',
      placeholder: `(${ddd}) 99999-9999`,
      invalid: 'Informe o número completo, com DDD: (75) 98123-4567',
    },
  } as const satisfies Record<string, FieldText>;
}

const rootFields: FormFieldTexts<'root'> = {
  ...contactFields('75'),
  vaga: { label: 'Vaga', placeholder: 'Selecione a vaga', invalid: chooseFromList },
  cidade: { label: 'Cidade', placeholder: 'Selecione sua localidade', invalid: chooseFromList },
};

const callCenterFields: FormFieldTexts<'callCenter'> = {
  ...contactFields('79'),
  vaga: {
    label: 'Vaga que tenho Experiência',
    placeholder: 'Selecione a vaga',
    invalid: chooseFromList,
  },
  cidade: {
    label: 'Localização (Aracaju e Região)',
    placeholder: 'Selecione sua localização',
    invalid: chooseFromList,
  },
  idade: {
    label: 'Idade',
    placeholder: 'Sua idade',
    invalid: `A idade deve estar entre ${ageLimits.min} e ${ageLimits.max} anos.`,
  },
  tempo_experiencia: {
    label: 'Tempo de Experiência',
    placeholder: 'Selecione o tempo',
    invalid: chooseFromList,
  },
};

export const applyTexts = {
  submit: 'Enviar Candidatura',
  sending: 'Enviando...',
  /** The link to '/privacidade' under both forms: how the candidate's data is used (LGPD). */
  privacyLink: 'Como usamos seus dados',
  /** What a form says next to an empty field once a submit was tried. */
  required: 'Campo obrigatório',
  /** The honeypot's label: nobody sees it; whoever reaches it is asked to leave it blank. */
  honeypot: 'Deixe este campo em branco',
  root: {
    title: 'Vagas de Emprego',
    subtitle: 'Candidate-se às nossas vagas de emprego em Coité',
    /** The consent note under the button (its version goes with each lead: domain/consent.ts). */
    consent: consentNotes.root.text,
    fields: rootFields,
  },
  callCenter: {
    title: 'Vagas de Call Center',
    subtitle: `Faça parte da equipe ${employer}! Oportunidades em Aracaju e Região.`,
    consent: consentNotes.callCenter.text,
    fields: callCenterFields,
  },
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
