/**
 * The record's pt-BR texts (docs/product.md, "The candidate's record"). The status, trash and
 * WhatsApp controls say what the row's say; docs/product.md's toasts are quoted as they are.
 */
import type { TimelineEntry, TimelineKind } from '@/domain/lead-record';
import type { ToastText } from '@/domain/messages';
import { describeNextStep, nextStepLabel } from '@/domain/next-step';
import { statusLabel } from '@/domain/status-labels';
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
  // Next step
  nextStep: {
    title: 'Próximo passo',
    none: 'Nenhum próximo passo.',
    kind: 'Tipo',
    date: 'Data',
    time: 'Hora',
    text: 'Descrição (opcional)',
    textPlaceholder: 'Ex.: ligar depois do almoço',
    save: 'Salvar próximo passo',
    add: 'Definir próximo passo',
    change: 'Alterar',
    done: 'Concluir',
    remove: 'Remover',
    late: 'Atrasado',
    remindsWho: (email: string) => `Lembrete para ${email} (responsável).`,
    remindsNobody: 'Sem responsável: ninguém recebe o lembrete.',
    willAssignMe: 'Ao salvar, você passa a ser o responsável por este lead e recebe o lembrete.',
    inTrash: 'Na lixeira: restaure o lead para mudar o próximo passo.',
    problems: {
      noDate: 'Informe a data e a hora.',
      tooFar: 'Escolha uma data nos próximos 2 anos.',
      tooLong: 'No máximo 140 caracteres.',
    },
  },
  // Timeline
  timeline: 'Histórico',
  applied: 'Candidatura recebida',
  by: (email: string) => `por ${email}`,
  bySystem: 'pelo sistema',
} as const;

type EntryParts = Pick<TimelineEntry, 'from' | 'to' | 'due_from' | 'due_to'>;

/** A next step as an entry names it: 'Retornar em 27/11/2026 14:00'. */
function stepText(kind: string | null, due: Date | null): string {
  return due ? describeNextStep({ kind: kind ?? '', due_at: due }) : nextStepLabel(kind ?? '-');
}

/** What one timeline entry says (docs/product.md, "A timeline nobody can forge"). */
export const timelineTexts: Record<TimelineKind, (entry: EntryParts) => string> = {
  status: ({ from, to }) =>
    `Status alterado de ${from === null || from === undefined ? '-' : statusLabel(from)} para ${to === null || to === undefined ? '-' : statusLabel(to)}`,
  trashed: () => 'Movido para a lixeira',
  restored: () => 'Restaurado da lixeira',
  restored_undo: () => "Restaurado por 'Desfazer'",
  note_added: () => 'Anotação adicionada',
  note_edited: () => 'Anotação editada',
  note_deleted: () => 'Anotação excluída',
  contacted: () => 'Contato registrado',
  assigned: ({ to }) => (to ? `Responsável: ${to}` : 'Responsável removido'),
  next_step_set: ({ to, due_to }) => `Próximo passo: ${stepText(to, due_to)}`,
  next_step_changed: ({ from, to, due_from, due_to }) => {
    const before = stepText(from, due_from);
    const after = stepText(to, due_to);
    return before === after
      ? `Próximo passo alterado: ${after}`
      : `Próximo passo alterado: ${after} (antes: ${before})`;
  },
  next_step_done: ({ from, due_from }) => `Próximo passo concluído: ${stepText(from, due_from)}`,
  next_step_cleared: ({ from, due_from }) => `Próximo passo removido: ${stepText(from, due_from)}`,
  // `to`: the signals that set it aside, as the screening wrote them.
  held: ({ to }) =>
    describeSignals(to ?? null)
      ? `Posto em Suspeitos: ${describeSignals(to ?? null)}`
      : 'Posto em Suspeitos',
  released: () => 'Liberado dos Suspeitos',
  reapplied: () => 'Candidatou-se novamente',
};

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
export const nextStepSavedToast: ToastText = { title: 'Próximo passo salvo' };
export const nextStepDoneToast: ToastText = { title: 'Próximo passo concluído' };
export const nextStepRemovedToast: ToastText = { title: 'Próximo passo removido' };
export const nextStepErrorToast: ToastText = { title: 'Erro ao salvar próximo passo' };
