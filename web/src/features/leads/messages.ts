/**
 * The Leads tab's pt-BR texts. Quoted from docs/product.md where it has them;
 * the rest (search, selection, arrivals, progress) are ours, for what it does not quote.
 */
import { countOf, formatCount } from '@/domain/format';
import type { ToastText } from '@/domain/messages';
import { leadStatuses } from '@/domain/options';
import { statusLabels } from '@/domain/status-labels';

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
  /** The 'Data' header's button: what pressing it does. */
  sortByDate: (order: 'asc' | 'desc') =>
    order === 'desc' ? 'Data: mais recentes primeiro' : 'Data: mais antigos primeiro',
  /** Another column's header button: what pressing it does. */
  sortBy: (column: string, order: 'asc' | 'desc') =>
    `${column}: ${order === 'asc' ? 'A–Z' : 'Z–A'}`,
  /** An order asked that the filters cannot serve (docs/product.md, 'Ordenação'). */
  sortRefused: (column: string) =>
    `Com um período escolhido, a lista é ordenada por Data: ordenar por ${column} não é possível.`,
  statusFilter: 'Filtrar por status',
  statusOptions: { todos: 'Todos', ...statusLabels },
  jobFilter: 'Filtrar por vaga',
  allJobs: 'Todas',
  search: 'Buscar por nome ou WhatsApp',
  /** Under the search: what it matches (words in any order, the last one as typed: docs/product.md). */
  searchHint: 'Palavras do nome em qualquer ordem, ou dígitos do WhatsApp',
  dateRange: 'Período',
  dateRangePlaceholder: 'Qualquer data',
  /** The phone's button over the folded filters. */
  moreFilters: (on: number) => (on === 0 ? 'Filtros' : `Filtros (${on})`),
  export: 'Exportar Qualificados',
  exportView: 'Exportar lista',
  /** The exports' file format. */
  exportFormat: 'Formato do arquivo',
  exportCsv: 'CSV',
  exportXlsx: 'Excel (XLSX)',
  /** What the two exports take: both follow the filters and the period. */
  exportSummary: (qualified: number, listed: number) =>
    `Seguem os filtros acima: ${countOf(qualified, 'qualificado', 'qualificados')} (status Principal) ou ${listed === 1 ? 'o' : 'os'} ${countOf(listed, 'lead', 'leads')} da lista, com origem e campanha.`,
  /** The same line while the list is counted. */
  exportCounting: 'Contando os leads de cada exportação…',
  clear: 'Limpar Dados',
  missing: '-',
  loading: 'Carregando leads...',
  loadingAll: 'Carregando a lista completa...',
  empty: 'Nenhum lead encontrado',
  loadFailed: 'Não foi possível carregar os leads.',
  duplicate: 'duplicado',
  arrived: 'Recém-chegado',
  markSeen: (n: number) => `Marcar como vistos (${formatCount(n)})`,
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
  selected: (n: number) => countOf(n, 'selecionado', 'selecionados'),
  bulkStatusSelect: 'Novo status dos selecionados',
  bulkStatus: 'Alterar status',
  bulkTrash: 'Mover selecionados para lixeira',
  bulkTrashTitle: 'Mover para a lixeira',
  bulkTrashConfirm: (n: number) =>
    n === 1
      ? 'O lead selecionado será movido para a lixeira.'
      : `Os ${formatCount(n)} leads selecionados serão movidos para a lixeira.`,
  bulkTrashButton: 'Mover para lixeira',
  clearSelection: 'Limpar seleção',
  pagination: 'Páginas da lista',
  showing: (from: number, to: number, total: number) =>
    `${formatCount(from)}–${formatCount(to)} de ${formatCount(total)}`,
  clearConfirmTitle: 'Limpar Dados',
  clearConfirm: (n: number) =>
    `Todos os ${formatCount(n)} leads ativos serão movidos para a lixeira. Deseja continuar?`,
  clearConfirmButton: 'Mover todos para lixeira',
  cancel: 'Cancelar',
  progress: (done: number, total: number) =>
    `Movendo ${formatCount(done)} de ${formatCount(total)} leads...`,
  undo: 'Desfazer',
  mine: 'Meus leads',
  notContacted: 'Não contatados',
  bulkAssignSelect: 'Responsável dos selecionados',
  bulkAssign: 'Atribuir',
  nobody: 'Ninguém',
  recordContact: 'Registrar contato',
  /** 'Visões salvas': the team's named filters (docs/product.md). */
  savedViews: {
    label: 'Visões salvas',
    choose: 'Escolha uma visão',
    none: 'Nenhuma visão salva',
    saveView: 'Salvar visão',
    name: 'Nome da visão',
    save: 'Salvar',
    cancel: 'Cancelar',
    deleteView: 'Excluir visão',
    deleteConfirm: (name: string, by: string) =>
      `A visão '${name}'${by ? ` (salva por ${by})` : ''} será excluída para toda a equipe. Deseja continuar?`,
  },
} as const;

export const viewSavedToast = (name: string): ToastText => ({
  title: 'Visão salva',
  message: `'${name}' está na lista de toda a equipe.`,
});
export const viewSaveErrorToast: ToastText = { title: 'Erro ao salvar visão' };
export const viewDeletedToast = (name: string): ToastText => ({
  title: 'Visão excluída',
  message: `'${name}' saiu da lista.`,
});
export const viewDeleteErrorToast: ToastText = { title: 'Erro ao excluir visão' };

export function assignedToast(count: number): ToastText {
  return { title: 'Responsável atualizado', message: `${formatCount(count)} leads atribuídos.` };
}
export const assignErrorToast: ToastText = { title: 'Erro ao atribuir responsável' };
export const contactedToast: ToastText = { title: 'Contato registrado' };
export const contactErrorToast: ToastText = { title: 'Erro ao registrar contato' };

/** After the WhatsApp button: the offer to record the contact. */
export function contactOfferToast(nome: string): ToastText {
  return { title: `WhatsApp de ${nome} aberto`, message: 'Você falou com o candidato?' };
}

/** The status selectors' choices: the stored value, labelled as the filter writes it ('Novo'). */
export const statusChoices = leadStatuses.map((status) => ({
  value: status,
  label: leadsTexts.statusOptions[status],
}));

export const statusUpdatedToast: ToastText = { title: 'Status atualizado' };
export const statusErrorToast: ToastText = { title: 'Erro ao atualizar status' };
export const movedToTrashToast: ToastText = { title: 'Lead movido para lixeira' };
export const moveErrorToast: ToastText = { title: 'Erro ao mover lead' };
export const restoredToast: ToastText = { title: 'Lead restaurado' };
export const restoreErrorToast: ToastText = { title: 'Erro ao restaurar lead' };
export const loadErrorToast: ToastText = { title: 'Erro ao carregar leads' };
export function exportDoneToast(count: number, file: string): ToastText {
  return {
    title: 'Exportação concluída',
    message: `${countOf(count, 'lead', 'leads')} em ${file}.`,
  };
}
// Not quoted in docs/product.md: the export itself failed (e.g. its code could not be downloaded).
export const exportErrorToast: ToastText = { title: 'Erro ao exportar' };

export function clearedToast(count: number): ToastText {
  return { title: 'Dados limpos', message: `${formatCount(count)} leads movidos para a lixeira.` };
}

/** 'Desfazer' of 'Limpar Dados': the leads it moved are back in the list. */
export function clearUndoneToast(count: number): ToastText {
  return {
    title: 'Lead restaurado',
    message: `${formatCount(count)} leads voltaram para a lista.`,
  };
}

export function clearUndoErrorToast(done: number, total: number): ToastText {
  return {
    title: 'Erro ao restaurar lead',
    message: `${formatCount(done)} de ${formatCount(total)} leads voltaram para a lista; os demais continuam na lixeira.`,
  };
}

export function clearErrorToast(moved: number, total: number): ToastText {
  return {
    title: 'Erro ao limpar dados',
    message: `${formatCount(moved)} de ${formatCount(total)} leads foram movidos para a lixeira; os demais continuam na lista.`,
  };
}

export function bulkTrashedToast(count: number): ToastText {
  return count === 1
    ? { title: 'Lead movido para lixeira', message: '1 lead movido para a lixeira.' }
    : {
        title: 'Leads movidos para a lixeira',
        message: `${formatCount(count)} leads movidos para a lixeira.`,
      };
}

export function bulkStatusToast(count: number): ToastText {
  return { title: 'Status atualizado', message: `${formatCount(count)} leads atualizados.` };
}

export function partialToast(title: string, done: number, total: number): ToastText {
  return {
    title,
    message: `${formatCount(done)} de ${formatCount(total)} leads foram alterados antes do erro.`,
  };
}
