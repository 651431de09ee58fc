/** Configurações → 'Vagas e localidades': its pt-BR texts (docs/product.md, "Configurações"). */
import type { LeadForm, VacancyKind } from '@/domain/lead';
import type { ToastText } from '@/domain/messages';
import type { NewVacancyProblem } from '@/domain/vacancies';
import { vacancyLimits } from '@/domain/vacancies';

const kindWords: Record<VacancyKind, { one: string; many: string }> = {
  job: { one: 'vaga', many: 'Vagas' },
  locality: { one: 'localidade', many: 'Localidades' },
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const vacancyTexts = {
  title: 'Vagas e localidades',
  description:
    'O que cada página oferece aos candidatos. Fechar tira a opção da página na hora; as candidaturas já recebidas continuam, com seus filtros e relatórios. Para corrigir um nome, adicione o certo e feche o antigo: cada candidatura guarda o texto que o candidato escolheu.',
  /** Each form's page, with its address. */
  form: (form: LeadForm, path: string) =>
    `${form === 'root' ? 'Página principal' : 'Página do call center'} (${path})`,
  list: (kind: VacancyKind) => kindWords[kind].many,
  listOf: (kind: VacancyKind, page: string) => `${kindWords[kind].many} · ${page}`,
  open: 'Aberta',
  closed: 'Fechada',
  close: 'Fechar',
  reopen: 'Reabrir',
  closeOf: (kind: VacancyKind, label: string) => `Fechar ${kindWords[kind].one} ${label}`,
  reopenOf: (kind: VacancyKind, label: string) => `Reabrir ${kindWords[kind].one} ${label}`,
  upOf: (label: string) => `Mover ${label} para cima`,
  downOf: (label: string) => `Mover ${label} para baixo`,
  counts: {
    active: 'Ativos',
    principal: 'Principais',
    lastWeek: 'Últimos 7 dias',
    counting: 'Contando…',
    failed: 'Não foi possível contar as candidaturas.',
  },
  emptyList: (kind: VacancyKind) => `Nenhuma ${kindWords[kind].one} nesta página.`,
  add: {
    label: (kind: VacancyKind) => `Nova ${kindWords[kind].one}`,
    group: 'Grupo (opcional)',
    groupPlaceholder: 'Ex.: Aracaju',
    button: (kind: VacancyKind) => `Adicionar ${kindWords[kind].one}`,
    storedAs: (value: string) => `As candidaturas guardam: ${value}`,
  },
  problems: {
    empty: '',
    tooLong: `Use no máximo ${vacancyLimits.label.max} caracteres (grupo: ${vacancyLimits.group.max}).`,
    slash: 'Não use “/” no nome.',
    exists: 'Já está na lista. Para oferecê-la de novo, reabra-a.',
  } satisfies Record<NewVacancyProblem, string>,
  loading: 'Carregando vagas',
  loadFailed: 'Não foi possível carregar as vagas e localidades.',
  none: 'Nenhuma vaga ou localidade cadastrada: as páginas não oferecem nenhuma.',
  createSeed: 'Criar as listas iniciais',
  createSeedHint:
    'As vagas e localidades com que o sistema começa: as das páginas de candidatura originais.',
} as const;

export function addedToast(kind: VacancyKind, label: string): ToastText {
  return {
    title: `${capital(kindWords[kind].one)} adicionada`,
    message: `${label} já aparece na página.`,
  };
}

export function closedToast(kind: VacancyKind, label: string): ToastText {
  return {
    title: `${capital(kindWords[kind].one)} fechada`,
    message: `${label} não aparece mais na página. As candidaturas recebidas continuam.`,
  };
}

export function reopenedToast(kind: VacancyKind, label: string): ToastText {
  return {
    title: `${capital(kindWords[kind].one)} reaberta`,
    message: `${label} volta a aparecer na página.`,
  };
}

export const seedCreatedToast: ToastText = { title: 'Listas criadas' };
export const vacancySaveErrorToast: ToastText = { title: 'Erro ao salvar' };
