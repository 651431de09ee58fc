/**
 * The Leads tab's pt-BR texts. Quoted from docs/product.md where it has them;
 * the rest (search, selection, arrivals, progress) are ours, for what the spec does not cover.
 */
import { formatCount } from '@/domain/format';
import type { ToastText } from '@/domain/messages';

export const leadsTexts = {
  counters: {
    total: 'Total de Leads',
    principal: 'Principais',
    separado: 'Separados',
    descartado: 'Descartados',
  },
  listTitle: 'Lista de Leads',
  /** The list's last column; the others are the lead's fields (domain/lead.ts leadFields). */
  actionsColumn: 'Ações',
  statusFilter: 'Filtrar por status',
  statusOptions: {
    todos: 'Todos',
    novo: 'Novo',
    principal: 'Principal',
    separado: 'Separado',
    descartado: 'Descartado',
  },
  jobFilter: 'Filtrar por vaga',
  allJobs: 'Todas',
  search: 'Buscar por nome ou WhatsApp',
  dateRange: 'Período',
  export: 'Exportar Qualificados',
  clear: 'Limpar Dados',
  missing: '-',
  loading: 'Carregando leads...',
  loadingAll: 'Carregando a lista completa...',
  empty: 'Nenhum lead encontrado',
  loadFailed: 'Não foi possível carregar os leads.',
  duplicate: 'duplicado',
  arrived: 'Recém-chegado',
  markSeen: (n: number) => `Marcar como vistos (${n})`,
  sound: 'Som ao chegar lead',
  notification: {
    label: 'Notificação na área de trabalho',
    description: 'Avisa de cada novo lead quando o painel está em segundo plano.',
    denied:
      'O navegador bloqueou as notificações deste site. Libere-as nas configurações do site (ícone ao lado do endereço) e ligue de novo.',
    unsupported: 'Este navegador não mostra notificações.',
    one: (nome: string) => `Novo lead: ${nome}`,
    many: (n: number) => `${formatCount(n)} novos leads`,
  },
  statusOf: (nome: string) => `Status de ${nome}`,
  trashOf: (nome: string) => `Mover ${nome} para lixeira`,
  whatsappOf: (nome: string) => `Abrir WhatsApp de ${nome}`,
  select: (nome: string) => `Selecionar ${nome}`,
  selectPage: 'Selecionar todos desta página',
  selected: (n: number) => `${n} selecionado(s)`,
  bulkStatusSelect: 'Novo status dos selecionados',
  bulkStatus: 'Alterar status',
  bulkTrash: 'Mover selecionados para lixeira',
  clearSelection: 'Limpar seleção',
  pagination: 'Páginas da lista',
  showing: (from: number, to: number, total: number) => `${from}–${to} de ${total}`,
  clearConfirmTitle: 'Limpar Dados',
  clearConfirm: (n: number) =>
    `Todos os ${n} leads ativos serão movidos para a lixeira. Deseja continuar?`,
  clearConfirmButton: 'Mover todos para lixeira',
  cancel: 'Cancelar',
  progress: (done: number, total: number) => `Movendo ${done} de ${total} leads...`,
  undo: 'Desfazer',
} as const;

export const statusUpdatedToast: ToastText = { title: 'Status atualizado' };
export const statusErrorToast: ToastText = { title: 'Erro ao atualizar status' };
export const movedToTrashToast: ToastText = { title: 'Lead movido para lixeira' };
export const moveErrorToast: ToastText = { title: 'Erro ao mover lead' };
export const restoredToast: ToastText = { title: 'Lead restaurado' };
export const restoreErrorToast: ToastText = { title: 'Erro ao restaurar lead' };
export const loadErrorToast: ToastText = { title: 'Erro ao carregar leads' };
export const exportDoneToast: ToastText = { title: 'Exportação concluída' };
// Not in the spec: the export itself failed (e.g. its code could not be downloaded).
export const exportErrorToast: ToastText = { title: 'Erro ao exportar' };

export function clearedToast(count: number): ToastText {
  return { title: 'Dados limpos', message: `${count} leads movidos para a lixeira.` };
}

export function clearErrorToast(moved: number, total: number): ToastText {
  return {
    title: 'Erro ao limpar dados',
    message: `${moved} de ${total} leads foram movidos para a lixeira; os demais continuam na lista.`,
  };
}

export function bulkTrashedToast(count: number): ToastText {
  return { title: 'Lead movido para lixeira', message: `${count} leads movidos para a lixeira.` };
}

export function bulkStatusToast(count: number): ToastText {
  return { title: 'Status atualizado', message: `${count} leads atualizados.` };
}

export function partialToast(title: string, done: number, total: number): ToastText {
  return { title, message: `${done} de ${total} leads foram alterados antes do erro.` };
}
