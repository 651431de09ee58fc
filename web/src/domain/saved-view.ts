/**
 * Saved views (`saved_views/{id}`): a named set of the Leads list's filters and order, listed for
 * the whole team. A view keeps the list's address parameters (features/leads list-url.ts) without
 * the page; firestore.rules checks them against the same names and formats (a rules test imports
 * these).
 */

/** The Leads list's address parameters (`/admin?busca=…&status=…`). */
export const listParamNames = {
  search: 'busca',
  status: 'status',
  vaga: 'vaga',
  from: 'de',
  until: 'ate',
  mine: 'meus',
  notContacted: 'nao-contatados',
  sort: 'ordem',
  page: 'pagina',
} as const;

/** The parameters a saved view keeps: the list's without its page. */
export const savedViewParamNames: readonly string[] = Object.values(listParamNames).filter(
  (name) => name !== listParamNames.page,
);

export const savedViewLimits = {
  /** The view's name, as listed. */
  name: { min: 1, max: 60 },
  /** A parameter's text (a search, a job). */
  value: { max: 200 },
} as const;

export interface SavedView {
  id: string;
  name: string;
  /** The list's parameters (`savedViewParamNames`), as the address writes them. */
  params: Record<string, string>;
  /** The admin who saved it (email). */
  createdBy: string;
}
