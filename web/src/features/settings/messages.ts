/**
 * The Configurações tab's pt-BR texts. The toasts and the cards' titles are quoted from
 * docs/product.md (keep them exact); the rest are ours.
 */
import { formatCount } from '@/domain/format';
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
    timeNotWhole: 'Use um número inteiro de segundos, de 1 a 30 (ex.: 5).',
    save: 'Salvar Configurações',
  },
  address: {
    title: 'Endereço da página de redirecionamento',
    description: 'Envie os candidatos de call center para este endereço.',
    copy: 'Copiar endereço',
    copied: 'Copiado',
  },
  team: {
    title: 'Equipe',
    description:
      'Quem acessa este painel. Quem você adicionar recebe um e-mail para definir a senha e entra em /admin/login.',
    members: 'Administradores',
    email: 'E-mail',
    since: 'Desde',
    addedBy: 'Adicionado por',
    actions: 'Ações',
    cli: 'linha de comando',
    you: 'você',
    remove: (email: string) => `Remover ${email}`,
    removeTitle: 'Remover da equipe',
    removeConfirm: (email: string) =>
      `${email} perde o acesso ao painel na hora, inclusive em abas já abertas. Deseja continuar?`,
    removeButton: 'Remover',
    /** The leads a colleague is responsible for, and who takes them when they leave. */
    countingLeads: 'Contando os leads sob a responsabilidade do colega…',
    responsibleFor: (email: string, n: number) =>
      `${email} é responsável por ${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}.`,
    handTo: 'Passar os leads para',
    nobody: 'Ninguém (sem responsável)',
    cancel: 'Cancelar',
    addLabel: 'E-mail do colega',
    addPlaceholder: 'nome@empresa.com.br',
    add: 'Adicionar',
    audit: 'Histórico da equipe',
    auditEmpty: 'Nenhuma alteração registrada.',
    auditLine: (action: 'added' | 'removed', by: string, email: string) =>
      `${by} ${action === 'added' ? 'adicionou' : 'removeu'} ${email}`,
    loading: 'Carregando equipe',
    loadFailed: 'Não foi possível carregar a equipe.',
  },
  loading: 'Carregando configurações',
} as const;

export const pixelSavedToast: ToastText = { title: 'Pixel salvo' };
export const settingsSavedToast: ToastText = { title: 'Configurações salvas' };
export const saveErrorToast: ToastText = { title: 'Erro ao salvar' };
export const loadErrorToast: ToastText = { title: 'Erro ao carregar configurações' };

export function colleagueAddedToast(email: string, invited: boolean): ToastText {
  return {
    title: 'Colega adicionado',
    message: invited
      ? `Enviamos a ${email} um e-mail para definir a senha de acesso.`
      : `${email} já pode entrar no painel com a senha que usa hoje.`,
  };
}

export function colleagueRemovedToast(
  email: string,
  handed = 0,
  to: string | null = null,
): ToastText {
  const leads = `${formatCount(handed)} ${handed === 1 ? 'lead passou' : 'leads passaram'}`;
  return {
    title: 'Colega removido',
    message:
      handed === 0
        ? `${email} não acessa mais o painel.`
        : `${email} não acessa mais o painel. ${leads} ${to ? `para ${to}` : 'a ficar sem responsável'}.`,
  };
}

/** The hand-over failed part-way: the colleague stays on the team. */
export function handOverFailedToast(email: string, done: number, total: number): ToastText {
  return {
    title: teamRemoveErrorTitle,
    message: `${formatCount(done)} de ${formatCount(total)} leads foram passados adiante; ${email} continua na equipe. Tente de novo.`,
  };
}

export function inviteFailedToast(email: string): ToastText {
  return {
    title: 'E-mail de senha não enviado',
    message: `${email} está na equipe, mas o e-mail para definir a senha não foi enviado. Remova e adicione de novo para reenviar.`,
  };
}

export const teamRemoveErrorTitle = 'Erro ao remover';
/** When the server's refusal has no message of its own (network, internal error). */
export const teamTryAgain = 'Tente novamente em alguns instantes.';
/** The client's own check of the address, the same text as the function's refusal. */
export const teamBadEmail = 'Informe um e-mail válido (ex.: nome@empresa.com.br).';
