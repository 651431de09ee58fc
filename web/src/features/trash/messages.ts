/** The Lixeira tab's pt-BR texts, quoted from docs/product.md where it has them. */
import { countOf, formatCount } from '@/domain/format';
import type { ToastText } from '@/domain/messages';

const two = (n: number) => String(n).padStart(2, '0');
/** A batch's moment as the Lixeira names it: 'dd/mm hh:mm' (the admin's time zone). */
export const batchMoment = (at: Date) =>
  `${two(at.getDate())}/${two(at.getMonth() + 1)} ${two(at.getHours())}:${two(at.getMinutes())}`;

const countText = (n: number | null) => (n === null ? '…' : formatCount(n));
const leadsWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

export const trashTexts = {
  title: 'Lixeira',
  /** The list's last column; the others are the lead's fields (domain/lead.ts leadFields). */
  actionsColumn: 'Ações',
  empty: 'Nenhum lead na lixeira',
  loading: 'Carregando lixeira...',
  loadFailed: 'Não foi possível carregar a lixeira.',
  restoreOf: (nome: string) => `Restaurar ${nome}`,
  deleteOf: (nome: string) => `Deletar ${nome} permanentemente`,
  confirmTitle: 'Deletar permanentemente',
  confirm: (nome: string) =>
    `O lead ${nome} será apagado para sempre. Esta ação não pode ser desfeita.`,
  confirmButton: 'Deletar',
  cancel: 'Cancelar',
  pagination: 'Páginas da lixeira',
  search: 'Buscar na lixeira por nome ou WhatsApp',
  noMatch: 'Nenhum lead da lixeira corresponde à busca',
  /** Acts on the leads the search finds (all of them without a search); null: still counting. */
  restoreAll: (n: number | null, searching: boolean) =>
    searching ? `Restaurar encontrados (${countText(n)})` : `Restaurar todos (${countText(n)})`,
  emptyAll: (n: number | null, searching: boolean) =>
    searching ? `Excluir encontrados (${countText(n)})` : 'Esvaziar lixeira',
  emptyTitle: 'Esvaziar lixeira',
  emptyConfirm: (n: number) =>
    n === 1
      ? 'O lead encontrado pela busca será apagado para sempre. Esta ação não pode ser desfeita.'
      : `Os ${leadsWord(n)} encontrados pela busca serão apagados para sempre. Esta ação não pode ser desfeita.`,
  emptyConfirmAll: (n: number) =>
    `${n === 1 ? 'O único lead' : `Todos os ${leadsWord(n)}`} da lixeira ${n === 1 ? 'será apagado' : 'serão apagados'} para sempre. Esta ação não pode ser desfeita.`,
  emptyButton: 'Apagar para sempre',
  progress: (done: number, total: number) => `${formatCount(done)} de ${leadsWord(total)}...`,
  showing: (from: number, to: number, total: number) => `${from}–${to} de ${total}`,
  /** The batches of bulk moves ('Limpar Dados', 'Mover selecionados para lixeira'). */
  batch: 'Lote',
  batchHint: 'Leads movidos juntos para a lixeira',
  allBatches: 'Todos',
  batchOption: (moment: string, n: number) => `${moment} (${formatCount(n)})`,
  restoreBatch: (moment: string, n: number) => `Restaurar o lote de ${moment} (${formatCount(n)})`,
  tickBatch: 'Marcar o lote',
  select: (nome: string) => `Selecionar ${nome}`,
  selectPage: 'Selecionar todos desta página',
  selected: (n: number) => countOf(n, 'selecionado', 'selecionados'),
  restoreSelected: (n: number) => `Restaurar selecionados (${formatCount(n)})`,
  clearSelection: 'Limpar seleção',
} as const;

export const restoredToast: ToastText = { title: 'Lead restaurado' };
export const restoreErrorToast: ToastText = { title: 'Erro ao restaurar lead' };
export const deletedToast: ToastText = { title: 'Lead deletado permanentemente' };
export const deleteErrorToast: ToastText = { title: 'Erro ao deletar permanentemente' };
export const loadErrorToast: ToastText = { title: 'Erro ao carregar lixeira' };
export const batchReadErrorToast: ToastText = { title: 'Erro ao ler o lote' };
export const restoredAllToast = (n: number): ToastText => ({
  title: n === 1 ? 'Lead restaurado' : 'Leads restaurados',
  message: `${leadsWord(n)} ${n === 1 ? 'voltou' : 'voltaram'} para a lista.`,
});
export const restoreAllErrorToast = (done: number, total: number): ToastText => ({
  title: 'Erro ao restaurar leads',
  message: `${formatCount(done)} de ${leadsWord(total)} voltaram para a lista.`,
});
export const emptiedToast = (n: number): ToastText => ({
  title: 'Lixeira esvaziada',
  message: `${leadsWord(n)} ${n === 1 ? 'apagado' : 'apagados'} para sempre.`,
});
export const emptyErrorToast = (done: number, total: number): ToastText => ({
  title: 'Erro ao esvaziar lixeira',
  message: `${formatCount(done)} de ${leadsWord(total)} foram apagados.`,
});
