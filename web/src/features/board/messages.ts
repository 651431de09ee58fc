/** The board's pt-BR texts. The status toasts are the list's ('Status atualizado'). */
import { formatCount } from '@/domain/format';
import type { LeadStatus } from '@/domain/lead';
import type { ToastText } from '@/domain/messages';

export const statusLabels: Record<LeadStatus, string> = {
  novo: 'Novo',
  principal: 'Principal',
  separado: 'Separado',
  descartado: 'Descartado',
};

export const boardTexts = {
  title: 'Quadro de Leads',
  hint: 'Arraste um cartão para outra coluna, ou use o botão Mover de cada cartão.',
  /** A column's heading: its status and how many leads it holds (null: counting). */
  column: (label: string, count: number | null) =>
    count === null ? label : `${label} (${formatCount(count)})`,
  columns: 'Colunas de status',
  loading: 'Carregando leads...',
  loadFailed: 'Não foi possível carregar esta coluna.',
  empty: 'Nenhum lead',
  outOfFilter: 'Fora do filtro de status',
  more: 'Mostrar mais',
  move: 'Mover',
  moveOf: (nome: string) => `Mover ${nome}`,
  moveTo: (label: string) => `Mover para ${label}`,
  moved: (nome: string, label: string) => `${nome} movido para ${label}.`,
  notMoved: (nome: string) => `${nome} não foi movido.`,
  late: 'Atrasado',
  created: (date: string) => `Data: ${date}`,
} as const;

export const statusUpdatedToast: ToastText = { title: 'Status atualizado' };
export const statusErrorToast: ToastText = { title: 'Erro ao atualizar status' };
