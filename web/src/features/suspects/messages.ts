/** The 'Suspeitos' view's pt-BR texts (docs/product.md, "Suspeitos"). */
import { formatCount } from '@/domain/format';
import type { ToastText } from '@/domain/messages';

const leadsWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

export const suspectsTexts = {
  title: 'Suspeitos',
  /** The entry above the Leads tab, shown while some are held. */
  entry: (n: number) => `Suspeitos (${formatCount(n)})`,
  explain:
    'Candidaturas postas de lado pela triagem: não entram na lista nem nos contadores, nem tocam som ou avisam, até serem liberadas.',
  open: 'Ver suspeitos',
  close: 'Fechar',
  loading: 'Carregando suspeitos...',
  loadFailed: 'Não foi possível carregar os suspeitos.',
  empty: 'Nenhum suspeito.',
  reasons: 'Motivos',
  date: 'Data',
  actions: 'Ações',
  release: 'Liberar',
  releaseOf: (nome: string) => `Liberar ${nome}`,
  select: (nome: string) => `Selecionar ${nome}`,
  selectAll: 'Selecionar todos os mostrados',
  trashSelected: (n: number) => `Mover selecionados para a lixeira (${formatCount(n)})`,
  more: 'Mostrar mais',
  showing: (shown: number, total: number | null) =>
    total === null
      ? `${formatCount(shown)} mostrados`
      : `${formatCount(shown)} de ${formatCount(total)}`,
} as const;

export const releasedToast: ToastText = {
  title: 'Lead liberado',
  message: 'Ele está na lista de leads e conta nos contadores.',
};
export const releaseErrorToast: ToastText = { title: 'Erro ao liberar lead' };
export const trashedToast = (n: number): ToastText => ({
  title: n === 1 ? 'Lead movido para lixeira' : 'Leads movidos para a lixeira',
  message: `${leadsWord(n)} ${n === 1 ? 'suspeito foi' : 'suspeitos foram'} para a lixeira.`,
});
export const trashErrorToast = (done: number, total: number): ToastText => ({
  title: 'Erro ao mover leads',
  message: `${formatCount(done)} de ${leadsWord(total)} foram para a lixeira.`,
});
export const loadErrorToast: ToastText = { title: 'Erro ao carregar suspeitos' };
