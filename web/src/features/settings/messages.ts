/**
 * The Configurações tab's pt-BR texts. The toasts and the cards' titles are quoted from
 * docs/product.md (keep them exact); the rest are ours.
 */
import type { ToastText } from '@/domain/messages';

export const settingsTexts = {
  pixel: {
    title: 'Pixel de Rastreamento',
    label: 'ID do Pixel',
    placeholder: '123456789012345',
    description: 'Somente números. As páginas públicas usam o novo ID a partir do próximo acesso.',
    save: 'Salvar',
  },
  redirect: {
    title: 'Redirecionamento para o WhatsApp',
    totalCard: 'Total de Redirecionamentos',
    timeCard: 'Tempo de Redirecionamento',
    seconds: (n: number) => `${n} segundos`,
    statusCard: 'Status do Link',
    configured: 'Configurado',
    pending: 'Pendente',
    linkLabel: 'Link do WhatsApp',
    linkPlaceholder: 'https://wa.me/5579999999999',
    linkDescription:
      'Um endereço que começa com https:// (ex.: https://wa.me/5579999999999) ou só o número do WhatsApp com DDD.',
    linkInvalid:
      'O link precisa começar com http:// ou https:// (ex.: https://wa.me/5579999999999).',
    linkConverted: (link: string) => `Será salvo como ${link}`,
    testLink: 'Testar link',
    timeLabel: 'Tempo de espera (segundos)',
    timeDescription: 'De 1 a 30 segundos.',
    timeInvalid: 'Informe de 1 a 30 segundos.',
    save: 'Salvar Configurações',
  },
  address: {
    title: 'Endereço da página de redirecionamento',
    description: 'Envie os candidatos de call center para este endereço.',
    copy: 'Copiar endereço',
    copied: 'Copiado',
  },
  loading: 'Carregando configurações',
} as const;

export const pixelSavedToast: ToastText = { title: 'Pixel salvo' };
export const settingsSavedToast: ToastText = { title: 'Configurações salvas' };
export const saveErrorToast: ToastText = { title: 'Erro ao salvar' };
export const loadErrorToast: ToastText = { title: 'Erro ao carregar configurações' };
