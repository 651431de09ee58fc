/** The retention card's texts (Configurações; LGPD, Brazil's data protection law). */
import { countOf } from '@/domain/format';

const leads = (n: number) => countOf(n, 'lead', 'leads');
const days = (n: number) => countOf(n, 'dia', 'dias');
const leadsDeleted = (n: number) => countOf(n, 'lead excluído', 'leads excluídos');

export const retentionTexts = {
  title: 'Retenção de dados (LGPD)',
  intro:
    'Leads na lixeira há mais tempo que o prazo abaixo são excluídos definitivamente, todos os dias. Desligado, nada é excluído automaticamente.',
  enabled: 'Excluir definitivamente leads da lixeira',
  days: 'Prazo na lixeira (dias)',
  daysHint: 'Sugerido: 90 dias.',
  save: 'Salvar retenção',
  saved: 'Retenção salva',
  applyNow: 'Aplicar agora',
  applyTitle: 'Aplicar retenção agora',
  /** The confirmation: how many leads will go, counted on the server when the admin asked. */
  applyConfirm: (due: number, trashDays: number) =>
    due === 1
      ? `1 lead está na lixeira há mais de ${days(trashDays)} e será excluído definitivamente, com suas notas e histórico. Esta ação não pode ser desfeita.`
      : `${leads(due)} estão na lixeira há mais de ${days(trashDays)} e serão excluídos definitivamente, com suas notas e histórico. Esta ação não pode ser desfeita.`,
  applyButton: (due: number) => `Excluir ${leads(due)}`,
  cancel: 'Cancelar',
  nothingDue: (trashDays: number) => `Nenhum lead está na lixeira há mais de ${days(trashDays)}.`,
  applied: (deleted: number) => `${leadsDeleted(deleted)} definitivamente`,
  off: 'Retenção desligada: nada foi excluído.',
  audit: 'Registro de exclusões',
  auditEmpty: 'Nenhuma exclusão registrada.',
  auditRetention: (deleted: number, trashDays: number | null) =>
    `Retenção (${trashDays === null ? '- dias' : days(trashDays)}): ${leadsDeleted(deleted)}`,
  auditErasure: (deleted: number) => `Pedido de candidato: ${leadsDeleted(deleted)}`,
  /** Who did it: the admin, or the daily run. */
  auditBy: (email: string | null, scheduled: boolean) =>
    email ? ` por ${email}` : scheduled ? ' pela rotina diária' : '',
  error: 'Erro ao salvar',
  loadError: 'Erro ao carregar a retenção',
} as const;

/** The period the card suggests (days in the trash before a lead is deleted for good). */
export const suggestedTrashDays = 90;
