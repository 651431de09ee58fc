/** The message templates' pt-BR texts (Configurações → 'Modelos de mensagem'). */
import type { ToastText } from '@/domain/messages';

export const templateTexts = {
  title: 'Modelos de mensagem',
  description:
    'Mensagens prontas para o botão do WhatsApp. Use {nome}, {primeiro_nome}, {vaga} e {cidade}: cada uma é trocada pelo dado do lead.',
  empty: 'Nenhum modelo ainda.',
  name: 'Nome do modelo',
  text: 'Mensagem',
  add: 'Adicionar modelo',
  save: 'Salvar modelo',
  cancel: 'Cancelar',
  edit: 'Editar',
  delete: 'Excluir',
  editOf: (name: string) => `Editar modelo ${name}`,
  deleteOf: (name: string) => `Excluir modelo ${name}`,
  deleteTitle: 'Excluir modelo',
  deleteConfirm: (name: string) => `O modelo "${name}" será excluído. Deseja continuar?`,
  example: 'Exemplo',
  placeholder: 'Olá {nome}, recebemos sua candidatura para {vaga}…',
  loadFailed: 'Não foi possível carregar os modelos.',
} as const;

export const templateSavedToast: ToastText = { title: 'Modelo salvo' };
export const templateDeletedToast: ToastText = { title: 'Modelo excluído' };
export const templateSaveErrorToast: ToastText = { title: 'Erro ao salvar' };
export const templateDeleteErrorToast: ToastText = { title: 'Erro ao excluir modelo' };
