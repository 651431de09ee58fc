/**
 * The forms' option lists (docs/product.md, "Data"), the app's bounds and statuses. The lead table
 * (lead.ts) gives each field its list, and firestore.rules checks leads against the same lists
 * (generated from the table; a rules test fails when they differ).
 */

/** Jobs offered on the root page (the equipment maker). */
export const rootJobs = [
  'Aux Eletricista',
  'Aux Serraria',
  'Aux Metalúgica',
  'Sem Experiencia',
] as const;

/** Localities offered on the root page. */
export const rootLocalities = [
  'Sede – Conceição do Coité',
  'Salgadália',
  'Joazeiro',
  'Bandiaçu',
  'Aroeiras',
  'São João',
] as const;

/** Jobs offered on the call-center page (stored with the `[{employer}] ` prefix). */
export const callCenterJobs = [
  'Operador de Call Center',
  'Supervisor de Call Center',
  'Analista de Atendimento',
  'Coordenador de Call Center',
  'Consultor de Vendas',
] as const;

/** Call-center localities, by group (the select lists them under these headings). */
export const callCenterLocalityGroups = [
  {
    group: 'Aracaju',
    items: [
      'Centro',
      'Atalaia',
      'Coroa do Meio',
      'Jardins',
      'Grageru',
      'Farolândia',
      'Ponto Novo',
      'São José',
    ],
  },
  {
    group: 'Região Metropolitana',
    items: ['Nossa Senhora do Socorro', 'São Cristóvão', 'Barra dos Coqueiros'],
  },
] as const;

/** Every call-center locality value as stored ("Aracaju - Centro", ...). */
export const callCenterLocalities: readonly string[] = callCenterLocalityGroups.flatMap(
  ({ group, items }) => items.map((item) => `${group} - ${item}`),
);

export const experienceOptions = [
  'Sem experiência',
  'Menos de 1 ano',
  '1 a 2 anos',
  '2 a 5 anos',
  '5 a 10 anos',
  'Mais de 10 anos',
] as const;

export const leadStatuses = ['novo', 'principal', 'separado', 'descartado'] as const;

/** Each status as the list's menus write it: the exports and a candidate's copy say the same. */
export const leadStatusLabels: Readonly<Record<(typeof leadStatuses)[number], string>> = {
  novo: 'Novo',
  principal: 'Principal',
  separado: 'Separado',
  descartado: 'Descartado',
};

/** A stored status as the list writes it (an unknown one as stored). */
export function statusLabel(status: string): string {
  return (leadStatusLabels as Readonly<Record<string, string>>)[status] ?? status;
}

export const ageLimits = { min: 16, max: 70 } as const;
export const redirectTimeLimits = { min: 1, max: 30, default: 5 } as const;
