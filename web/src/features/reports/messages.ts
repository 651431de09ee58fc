/** The Relatórios tab's pt-BR texts (docs/product.md, "The panel": Relatórios). */
import type { ToastText } from '@/domain/messages';

export const reportsTexts = {
  period: 'Período',
  periodTooLong: (days: number) => `Escolha um período de até ${days} dias.`,
  loading: 'Carregando relatórios',
  retry: 'Tentar novamente',
  total: 'Candidaturas no período',
  redirectsTotal: 'Total de Redirecionamentos',
  redirectsPerApplication: 'Redirecionamentos por candidatura de call center',
  redirectsNote: 'Desde o início (o contador não é por período).',
  noRatio: '—',
  charts: {
    perDay: 'Candidaturas por dia',
    byJob: 'Por vaga',
    byLocality: 'Por localidade',
    byStatus: 'Por status',
    byPage: 'Por página',
    bySource: 'Por origem (utm_source)',
    byCampaign: 'Por campanha (utm_campaign)',
  },
  columns: { label: 'Categoria', day: 'Dia', value: 'Candidaturas' },
  showNumbers: 'Ver números',
  empty: 'Nenhuma candidatura no período.',
  emptyCampaigns: 'Nenhuma candidatura com campanha no período.',
  statuses: {
    novo: 'Novo',
    principal: 'Principal',
    separado: 'Separado',
    descartado: 'Descartado',
  },
  pages: { root: 'Página principal (/)', callCenter: (path: string) => `Call center (${path})` },
  others: 'Outros',
  noSource: 'Sem origem',
  fbclidOnly: 'Meta (fbclid, sem utm_source)',
  noUtmSource: '(sem utm_source)',
  otherCampaigns: 'Outras campanhas',
  includesTrash: 'Inclui os leads na lixeira; não inclui os excluídos permanentemente.',
  periodPlaceholder: 'Escolha o início e o fim',
} as const;

export const reportsLoadErrorToast: ToastText = { title: 'Erro ao carregar relatórios' };
