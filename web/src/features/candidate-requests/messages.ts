/** The candidate's request card's texts (Configurações; LGPD, Brazil's data protection law). */
import { countOf, formatCount } from '@/domain/format';

export const candidateTexts = {
  title: 'Pedido de candidato (LGPD)',
  intro:
    'Encontre tudo o que está guardado sobre uma pessoa pelo número de WhatsApp (leads ativos e na lixeira), para enviar uma cópia ou excluir tudo.',
  /** A readable page (HTML) for the candidate: their applications and the notes about them. */
  downloadCopy: 'Baixar cópia para o candidato',
  whatsapp: 'WhatsApp do candidato',
  search: 'Buscar',
  invalidNumber: 'Informe o número completo, com DDD.',
  none: 'Nenhum dado encontrado para este número.',
  found: (count: number) =>
    count === 1 ? '1 candidatura encontrada' : `${count} candidaturas encontradas`,
  erase: 'Excluir tudo',
  confirmTitle: 'Excluir todos os dados deste candidato?',
  confirmBody: (count: number) =>
    `${count === 1 ? 'A candidatura deste número, com suas notas e histórico, será excluída' : `As ${formatCount(count)} candidaturas deste número, com suas notas e histórico, serão excluídas`} definitivamente. O registro de auditoria não guarda dados pessoais.`,
  cancel: 'Cancelar',
  erased: (count: number) => `Dados excluídos: ${countOf(count, 'candidatura', 'candidaturas')}`,
  error: 'Erro ao buscar os dados do candidato',
  eraseError: 'Erro ao excluir os dados do candidato',
  inTrash: 'na lixeira',
  active: 'ativo',
} as const;
