/** The Lixeira tab's pt-BR texts, quoted from docs/product.md where it has them. */
import type { ToastText } from '@/domain/messages';

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
  showing: (from: number, to: number, total: number) => `${from}–${to} de ${total}`,
} as const;

export const restoredToast: ToastText = { title: 'Lead restaurado' };
export const restoreErrorToast: ToastText = { title: 'Erro ao restaurar lead' };
export const deletedToast: ToastText = { title: 'Lead deletado permanentemente' };
export const deleteErrorToast: ToastText = { title: 'Erro ao deletar permanentemente' };
export const loadErrorToast: ToastText = { title: 'Erro ao carregar lixeira' };
