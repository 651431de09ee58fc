/**
 * The record's pt-BR texts (docs/product.md, "The candidate's record"). The status, trash and
 * WhatsApp controls say what the row's say; docs/product.md's toasts are quoted as they are.
 */
import type { ToastText } from '@/domain/messages';
import { describeSignals } from '@/domain/screening';

export const recordTexts = {
  title: 'Ficha do candidato',
  close: 'Fechar',
  loading: 'Carregando ficha...',
  notFound: 'Este lead não existe mais.',
  loadFailed: 'Não foi possível carregar a ficha.',
  inTrash: 'Na lixeira',
  fields: {
    nome: 'Nome',
    whatsapp: 'WhatsApp',
    vaga: 'Vaga',
    cidade: 'Cidade',
    idade: 'Idade',
    experiencia: 'Experiência',
    status: 'Status',
    appliedAt: 'Candidatou-se em',
    // submitted_at: the device's clock at the submit, on an application that waited there.
    submittedAt: 'Enviada do aparelho em',
    consent: 'Consentimento',
    trashedAt: 'Na lixeira desde',
    source: 'Origem',
    medium: 'Mídia',
    campaign: 'Campanha',
    facebookAd: 'Veio de anúncio do Facebook',
    lastContact: 'Último contato',
    responsible: 'Responsável',
  },
  yes: 'Sim',
  no: 'Não',
  missing: '-',
  neverContacted: 'Nunca contatado',
  // A lead stored before the forms recorded the consent note's version has no consent_version.
  noConsentVersion: 'Não registrado',
  // The row's controls (features/leads says the same).
  statusOf: (nome: string) => `Status de ${nome}`,
  trashOf: (nome: string) => `Mover ${nome} para lixeira`,
  restoreOf: (nome: string) => `Restaurar ${nome}`,
  whatsappOf: (nome: string) => `Abrir WhatsApp de ${nome}`,
  undo: 'Desfazer',
  // Contact
  recordContact: 'Registrar contato',
  contactOffer: (nome: string) => `Você falou com ${nome}? Registre o contato.`,
  notNow: 'Agora não',
  noTemplate: 'Sem mensagem',
  templates: 'Modelos de mensagem',
  // Responsible
  responsibleOf: (nome: string) => `Responsável por ${nome}`,
  nobody: 'Ninguém',
  assignToMe: 'Atribuir a mim',
  // Other applications
  others: 'Outras candidaturas',
  noOthers: 'Nenhuma outra candidatura com este WhatsApp.',
  // Notes
  notes: 'Anotações',
  newNote: 'Nova anotação',
  addNote: 'Adicionar anotação',
  noNotes: 'Nenhuma anotação ainda.',
  edit: 'Editar',
  editNoteOf: (when: string) => `Editar anotação de ${when}`,
  deleteNoteOf: (when: string) => `Excluir anotação de ${when}`,
  noteText: 'Texto da anotação',
  save: 'Salvar',
  cancel: 'Cancelar',
  delete: 'Excluir',
  edited: '(editada)',
  deleteNoteTitle: 'Excluir anotação',
  deleteNoteConfirm: 'A anotação será excluída. Deseja continuar?',
  characters: (n: number, max: number) => `${n}/${max}`,
  // Timeline
  timeline: 'Histórico',
  applied: 'Candidatura recebida',
  by: (email: string) => `por ${email}`,
  bySystem: 'pelo sistema',
} as const;

/** What one timeline entry says (docs/product.md, "A timeline nobody can forge"). */
export const timelineTexts = {
  status: (from: string | null, to: string | null) =>
    `Status alterado de ${from ?? '-'} para ${to ?? '-'}`,
  trashed: () => 'Movido para a lixeira',
  restored: () => 'Restaurado da lixeira',
  restored_undo: () => "Restaurado por 'Desfazer'",
  note_added: () => 'Anotação adicionada',
  note_edited: () => 'Anotação editada',
  note_deleted: () => 'Anotação excluída',
  contacted: () => 'Contato registrado',
  assigned: (_from: string | null, to: string | null) =>
    to ? `Responsável: ${to}` : 'Responsável removido',
  // `to`: the signals that set it aside, as the screening wrote them.
  held: (_from: string | null, to: string | null) =>
    describeSignals(to) ? `Posto em Suspeitos: ${describeSignals(to)}` : 'Posto em Suspeitos',
  released: () => 'Liberado dos Suspeitos',
  reapplied: () => 'Candidatou-se novamente',
} as const;

export const statusUpdatedToast: ToastText = { title: 'Status atualizado' };
export const statusErrorToast: ToastText = { title: 'Erro ao atualizar status' };
export const movedToTrashToast: ToastText = { title: 'Lead movido para lixeira' };
export const moveErrorToast: ToastText = { title: 'Erro ao mover lead' };
export const restoredToast: ToastText = { title: 'Lead restaurado' };
export const restoreErrorToast: ToastText = { title: 'Erro ao restaurar lead' };
export const contactedToast: ToastText = { title: 'Contato registrado' };
export const contactErrorToast: ToastText = { title: 'Erro ao registrar contato' };
export const assignedToast: ToastText = { title: 'Responsável atualizado' };
export const assignErrorToast: ToastText = { title: 'Erro ao atribuir responsável' };
export const noteAddedToast: ToastText = { title: 'Anotação adicionada' };
export const noteSavedToast: ToastText = { title: 'Anotação salva' };
export const noteDeletedToast: ToastText = { title: 'Anotação excluída' };
export const noteErrorToast: ToastText = { title: 'Erro ao salvar anotação' };
export const noteDeleteErrorToast: ToastText = { title: 'Erro ao excluir anotação' };
