/** The 'Para hoje' view's and the reminders' pt-BR texts. */
import { formatCount } from '@/domain/format';
import type { ToastText } from '@/domain/messages';

export const todayTexts = {
  title: 'Para hoje',
  whose: 'Próximos passos de',
  mine: 'Meus',
  everyone: 'Todos',
  late: 'Atrasados',
  today: 'Hoje',
  lateBadge: 'Atrasado',
  loading: 'Carregando próximos passos...',
  emptyMine: 'Nenhum próximo passo seu para hoje.',
  emptyEveryone: 'Nenhum próximo passo para hoje.',
  loadFailed: 'Não foi possível carregar os próximos passos.',
  /** How many steps are due by the end of the day (null: counting). */
  summary: (n: number | null) =>
    n === null
      ? 'Contando…'
      : n === 1
        ? '1 próximo passo até o fim do dia'
        : `${formatCount(n)} próximos passos até o fim do dia`,
  more: 'Mostrar mais',
  responsible: (email: string) => `Responsável: ${email}`,
  nobody: 'Sem responsável',
  doneOf: (nome: string) => `Concluir próximo passo de ${nome}`,
  done: 'Concluir',
  postpone: 'Adiar',
  postponeOf: (nome: string) => `Adiar próximo passo de ${nome}`,
  postponeHour: 'Adiar 1 hora',
  postponeDay: 'Adiar para amanhã, mesmo horário',
  notification: {
    label: 'Lembretes na área de trabalho',
    description: 'Avisa quando um próximo passo seu vence e o painel está em segundo plano.',
    denied:
      'O navegador bloqueou as notificações deste site. Libere-as nas configurações do site (ícone ao lado do endereço) e ligue de novo.',
    unsupported: 'Este navegador não mostra notificações.',
  },
  reminder: {
    title: (kind: string, nome: string) =>
      kind === 'entrevista' ? `Entrevista com ${nome}` : `Retornar para ${nome}`,
    open: 'Abrir ficha',
  },
} as const;

export const stepDoneToast: ToastText = { title: 'Próximo passo concluído' };
export const stepPostponedToast: ToastText = { title: 'Próximo passo adiado' };
export const stepErrorToast: ToastText = { title: 'Erro ao salvar próximo passo' };
