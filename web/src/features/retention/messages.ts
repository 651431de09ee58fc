/** The retention card's texts (Configurações; LGPD, Brazil's data protection law). */
import { countOf } from '@/domain/format';

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
  applied: (deleted: number) =>
    deleted === 1
      ? '1 lead excluído definitivamente'
      : `${deleted} leads excluídos definitivamente`,
  off: 'Retenção desligada: nada foi excluído.',
  audit: 'Registro de exclusões',
  auditEmpty: 'Nenhuma exclusão registrada.',
  auditRetention: (deleted: number, days: number | null) =>
    `Retenção (${days === null ? '- dias' : countOf(days, 'dia', 'dias')}): ${leadsDeleted(deleted)}`,
  auditErasure: (deleted: number) => `Pedido de candidato: ${leadsDeleted(deleted)}`,
  error: 'Erro ao salvar',
  loadError: 'Erro ao carregar a retenção',
} as const;

/** The period the card suggests (days in the trash before a lead is deleted for good). */
export const suggestedTrashDays = 90;
